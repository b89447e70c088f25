import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db, Dialect } from "./index";
import { foundation } from "./migrations/0001_foundation";
import { ssoToken } from "./migrations/0002_sso_token";
import { course } from "./migrations/0003_course";
import { enrollment } from "./migrations/0004_enrollment";
import { curriculum } from "./migrations/0005_curriculum";
import { access } from "./migrations/0006_access";
import { extras } from "./migrations/0007_extras";
import { listIndexes } from "./migrations/0008_list_indexes";
import { progressLog } from "./migrations/0009_progress_log";
import { loginGuard } from "./migrations/0010_login_guard";
import { identificationTransaction } from "./migrations/0011_identification_transaction";
import { contentFeatures } from "./migrations/0012_content_features";
import { activity } from "./migrations/0013_activity";
import { people } from "./migrations/0014_people";
import { groups } from "./migrations/0015_groups";
import { imports } from "./migrations/0016_imports";
import { loginAs } from "./migrations/0017_login_as";
import { locations } from "./migrations/0018_locations";
import { classes } from "./migrations/0019_classes";
import { classCheckin } from "./migrations/0020_class_checkin";
import { classEventZone } from "./migrations/0021_class_event_zone";
import { classPrograms } from "./migrations/0022_class_programs";
import { classMaterials } from "./migrations/0023_class_materials";
import { classOptions } from "./migrations/0024_class_options";
import { credit } from "./migrations/0025_credit";
import { assignmentTables } from "./migrations/0026_assignment";
import { approvalTables } from "./migrations/0027_approvals";
import { requestTables } from "./migrations/0028_requests";
import { assignmentContentRuleTables } from "./migrations/0029_assignment_content_rule";
import { approvalFlowCondition } from "./migrations/0030_approval_flow_condition";
import { surveyTables } from "./migrations/0031_survey";
import { testTables } from "./migrations/0032_tests";
import { liveTables } from "./migrations/0033_live";
import { uploadTables } from "./migrations/0034_uploads";
import { mediaTables } from "./migrations/0035_media";
import { surveyQuestions } from "./migrations/0036_survey_questions";
import { testChoicePair } from "./migrations/0037_test_choice_pair";
import { contentLibrary } from "./migrations/0038_content_library";
import { enrolmentApproval } from "./migrations/0039_enrolment_approval";
import { creditAndAssignmentSettings } from "./migrations/0040_credit_and_assignment_settings";
import { classCancelAndQr } from "./migrations/0042_class_cancel_and_qr";
import { uniqueMasterNames } from "./migrations/0043_unique_master_names";
import { checklistPlacesAndAudit } from "./migrations/0044_checklist_places_and_audit";
import { learnerConditionFields } from "./migrations/0046_learner_condition_fields";
import { roundLeases } from "./migrations/0047_round_leases";
import { rateLimitCounters } from "./migrations/0048_rate_limit_counters";
import { idempotencyKeys } from "./migrations/0049_idempotency_keys";
import { importJobs } from "./migrations/0050_import_jobs";
import { learningPrograms } from "./migrations/0051_learning_programs";
import { contentProgramIndex } from "./migrations/0052_content_program_index";
import { learningPaths } from "./migrations/0053_learning_paths";
import { sequencesAndOnboarding } from "./migrations/0054_sequences_and_onboarding";
import { learningPlaylists } from "./migrations/0055_learning_playlists";
import { playlistCollaborators } from "./migrations/0056_playlist_collaborators";

/** Versioned migrations, in order. A new one is appended here, never edited once released. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_foundation": foundation(dialect),
    "0002_sso_token": ssoToken,
    "0003_course": course(dialect),
    "0004_enrollment": enrollment(dialect),
    "0005_curriculum": curriculum(dialect),
    "0006_access": access(dialect),
    "0007_extras": extras(dialect),
    "0008_list_indexes": listIndexes,
    "0009_progress_log": progressLog(dialect),
    "0010_login_guard": loginGuard,
    "0011_identification_transaction": identificationTransaction(dialect),
    "0012_content_features": contentFeatures(dialect),
    "0013_activity": activity(dialect),
    "0014_people": people(dialect),
    "0015_groups": groups(dialect),
    "0016_imports": imports(dialect),
    "0017_login_as": loginAs(dialect),
    "0018_locations": locations(dialect),
    "0019_classes": classes(dialect),
    "0020_class_checkin": classCheckin(dialect),
    "0021_class_event_zone": classEventZone(dialect),
    "0022_class_programs": classPrograms(dialect),
    "0023_class_materials": classMaterials(dialect),
    "0024_class_options": classOptions(dialect),
    "0025_credit": credit(dialect),
    "0026_assignment": assignmentTables(dialect),
    "0027_approvals": approvalTables(dialect),
    "0028_requests": requestTables(dialect),
    "0029_assignment_content_rule": assignmentContentRuleTables(dialect),
    "0030_approval_flow_condition": approvalFlowCondition,
    "0031_survey": surveyTables,
    "0032_tests": testTables(dialect),
    "0033_live": liveTables(dialect),
    "0034_uploads": uploadTables,
    "0035_media": mediaTables(dialect),
    "0036_survey_questions": surveyQuestions,
    "0037_test_choice_pair": testChoicePair,
    "0038_content_library": contentLibrary,
    "0039_enrolment_approval": enrolmentApproval,
    "0040_credit_and_assignment_settings": creditAndAssignmentSettings,
    "0042_class_cancel_and_qr": classCancelAndQr,
    "0043_unique_master_names": uniqueMasterNames,
    "0044_checklist_places_and_audit": checklistPlacesAndAudit,
    "0046_learner_condition_fields": learnerConditionFields,
    "0047_round_leases": roundLeases,
    "0048_rate_limit_counters": rateLimitCounters,
    "0049_idempotency_keys": idempotencyKeys,
    "0050_import_jobs": importJobs,
    "0051_learning_programs": learningPrograms(dialect),
    "0052_content_program_index": contentProgramIndex(),
    "0053_learning_paths": learningPaths(dialect),
    "0054_sequences_and_onboarding": sequencesAndOnboarding(dialect),
    "0055_learning_playlists": learningPlaylists(dialect),
    "0056_playlist_collaborators": playlistCollaborators(dialect),
  };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  return migrateTo(db, dialect, null);
}

/** Migrate up to and including `name` (null: the latest); a test builds a database of an older schema with it. */
export async function migrateTo(db: Db, dialect: Dialect, name: string | null): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = name === null ? await migrator.migrateToLatest() : await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
