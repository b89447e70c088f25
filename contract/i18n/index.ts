import en from "./en.json";
import th from "./th.json";
import uiEn from "./ui.en.json";
import uiTh from "./ui.th.json";
import accountEn from "./account.en.json";
import accountTh from "./account.th.json";
import homeEn from "./home.en.json";
import homeTh from "./home.th.json";
import shellEn from "./shell.en.json";
import shellTh from "./shell.th.json";
import contentEn from "./content.en.json";
import contentTh from "./content.th.json";
import curriculumEn from "./curriculum.en.json";
import curriculumTh from "./curriculum.th.json";
import enrollmentEn from "./enrollment.en.json";
import enrollmentTh from "./enrollment.th.json";
import accessEn from "./access.en.json";
import accessTh from "./access.th.json";
import extrasEn from "./extras.en.json";
import extrasTh from "./extras.th.json";
import courseEn from "./course.en.json";
import courseTh from "./course.th.json";
import activityEn from "./activity.en.json";
import activityTh from "./activity.th.json";
import activityOverallEn from "./activity-overall.en.json";
import activityOverallTh from "./activity-overall.th.json";
import checkinEn from "./checkin.en.json";
import checkinTh from "./checkin.th.json";
import peopleEn from "./people.en.json";
import peopleTh from "./people.th.json";
import importsEn from "./imports.en.json";
import importsTh from "./imports.th.json";
import loginAsEn from "./login-as.en.json";
import loginAsTh from "./login-as.th.json";
import masterEn from "./master.en.json";
import masterTh from "./master.th.json";
import classEn from "./class.en.json";
import classTh from "./class.th.json";
import assignmentEn from "./assignment.en.json";
import assignmentTh from "./assignment.th.json";
import approvalsEn from "./approvals.en.json";
import approvalsTh from "./approvals.th.json";
import requestsEn from "./requests.en.json";
import requestsTh from "./requests.th.json";
import requestTypesEn from "./requestTypes.en.json";
import requestTypesTh from "./requestTypes.th.json";
import budgetCategoryEn from "./budgetCategory.en.json";
import budgetCategoryTh from "./budgetCategory.th.json";
import surveyEn from "./survey.en.json";
import surveyTh from "./survey.th.json";
import liveEn from "./live.en.json";
import liveTh from "./live.th.json";
import mediaEn from "./media.en.json";
import mediaTh from "./media.th.json";
import testbankEn from "./testbank.en.json";
import testbankTh from "./testbank.th.json";
import testOverallEn from "./testOverall.en.json";
import testOverallTh from "./testOverall.th.json";
import testEn from "./test.en.json";
import testTh from "./test.th.json";
import testQuestionEn from "./testQuestion.en.json";
import testQuestionTh from "./testQuestion.th.json";
import testCodesEn from "./testCodes.en.json";
import testCodesTh from "./testCodes.th.json";
import uploadEn from "./upload.en.json";
import uploadTh from "./upload.th.json";
import libraryEn from "./library.en.json";
import libraryTh from "./library.th.json";
import creditEn from "./credit.en.json";
import creditTh from "./credit.th.json";
import programEn from "./program.en.json";
import programTh from "./program.th.json";
import learningPathEn from "./learningPath.en.json";
import learningPathTh from "./learningPath.th.json";
import sequenceEn from "./sequence.en.json";
import sequenceTh from "./sequence.th.json";
import onboardEn from "./onboard.en.json";
import onboardTh from "./onboard.th.json";
import learningPlaylistEn from "./learningPlaylist.en.json";
import learningPlaylistTh from "./learningPlaylist.th.json";

/**
 * The bundled dictionaries: message keys of the API (en.json / th.json) and the dashboard's texts,
 * one file per area. The API seeds its `dictionary` table from these; the dashboard falls back to
 * them while the API is unreachable. A unit test checks both languages have the same keys and
 * that no key is defined by two files.
 */
export const DICTIONARY_FILES = {
  en: {
    messages: en,
    ui: uiEn,
    account: accountEn,
    home: homeEn,
    shell: shellEn,
    content: contentEn,
    curriculum: curriculumEn,
    enrollment: enrollmentEn,
    access: accessEn,
    extras: extrasEn,
    course: courseEn,
    activity: activityEn,
    activityOverall: activityOverallEn,
    checkin: checkinEn,
    people: peopleEn,
    imports: importsEn,
    loginAs: loginAsEn,
    master: masterEn,
    class: classEn,
    assignment: assignmentEn,
    approvals: approvalsEn,
    requests: requestsEn,
    requestTypes: requestTypesEn,
    budgetCategory: budgetCategoryEn,
    survey: surveyEn,
    live: liveEn,
    media: mediaEn,
    testbank: testbankEn,
    testOverall: testOverallEn,
    test: testEn,
    testQuestion: testQuestionEn,
    testCodes: testCodesEn,
    upload: uploadEn,
    library: libraryEn,
    credit: creditEn,
    program: programEn,
    learningPath: learningPathEn,
    sequence: sequenceEn,
    onboard: onboardEn,
    learningPlaylist: learningPlaylistEn,
  },
  th: {
    messages: th,
    ui: uiTh,
    account: accountTh,
    home: homeTh,
    shell: shellTh,
    content: contentTh,
    curriculum: curriculumTh,
    enrollment: enrollmentTh,
    access: accessTh,
    extras: extrasTh,
    course: courseTh,
    activity: activityTh,
    activityOverall: activityOverallTh,
    checkin: checkinTh,
    people: peopleTh,
    imports: importsTh,
    loginAs: loginAsTh,
    master: masterTh,
    class: classTh,
    assignment: assignmentTh,
    approvals: approvalsTh,
    requests: requestsTh,
    requestTypes: requestTypesTh,
    budgetCategory: budgetCategoryTh,
    survey: surveyTh,
    live: liveTh,
    media: mediaTh,
    testbank: testbankTh,
    testOverall: testOverallTh,
    test: testTh,
    testQuestion: testQuestionTh,
    testCodes: testCodesTh,
    upload: uploadTh,
    library: libraryTh,
    credit: creditTh,
    program: programTh,
    learningPath: learningPathTh,
    sequence: sequenceTh,
    onboard: onboardTh,
    learningPlaylist: learningPlaylistTh,
  },
} as const;

const merge = (files: Record<string, Record<string, string>>) =>
  Object.assign({}, ...Object.values(files)) as Record<string, string>;

export const DICTIONARIES: Record<"en" | "th", Record<string, string>> = {
  en: merge(DICTIONARY_FILES.en),
  th: merge(DICTIONARY_FILES.th),
};
