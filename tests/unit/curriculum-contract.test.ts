import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { FILE_SLOT_TYPES, SLOT_FILE_EXTENSIONS, URL_SLOT_TYPES } from "../../contract/curriculum-codes";
import { identificationSchema, materialSchema, youtubeVideoId } from "../../contract/schemas/curriculum";
import { secondsToTimeText, timeTextToSeconds } from "../../contract/units";
import { errorsAt, pathOf, shownValue, valueAt } from "~/lms/form-result";

describe("time text", () => {
  it("reads HH:MM as hours and minutes, in seconds", () => {
    expect(timeTextToSeconds("01:30")).toBe(5400);
    expect(timeTextToSeconds(" 1:05 ")).toBe(3900);
    expect(timeTextToSeconds("00:00")).toBe(0);
    expect(timeTextToSeconds("999:59")).toBe(999 * 3600 + 59 * 60);
    for (const bad of ["", "1", "1:5", "01:60", "1h30", "-1:00", "1000:00", "01:30:00", "aa:bb"])
      expect(timeTextToSeconds(bad), bad).toBeNull();
  });
  it("shows seconds back as HH:MM (seconds under a minute dropped)", () => {
    expect(secondsToTimeText(5400)).toBe("01:30");
    expect(secondsToTimeText(59)).toBe("00:00");
    expect(secondsToTimeText(60)).toBe("00:01");
    expect(secondsToTimeText(360000)).toBe("100:00");
    for (const s of [0, 60, 3600, 5400, 86340]) expect(timeTextToSeconds(secondsToTimeText(s))).toBe(s);
  });
});

describe("slot types", () => {
  it("give every upload slot its extensions and the link slots none", () => {
    expect([...FILE_SLOT_TYPES].sort()).toEqual(["document", "file", "media", "scorm"]);
    expect(SLOT_FILE_EXTENSIONS.document).toEqual(["pdf"]);
    expect(SLOT_FILE_EXTENSIONS.scorm).toEqual(["zip"]);
    expect([...SLOT_FILE_EXTENSIONS.media].sort()).toEqual(["mp3", "mp4"]);
    for (const t of URL_SLOT_TYPES) expect(SLOT_FILE_EXTENSIONS[t]).toEqual([]);
  });
  it("recognise YouTube video links only", () => {
    expect(youtubeVideoId("https://www.youtube.com/watch?v=aircAruvnKk&t=10")).toBe("aircAruvnKk");
    expect(youtubeVideoId("https://youtu.be/aircAruvnKk")).toBe("aircAruvnKk");
    expect(youtubeVideoId("https://m.youtube.com/shorts/aircAruvnKk")).toBe("aircAruvnKk");
    for (const bad of [
      "https://vimeo.com/1",
      "https://youtube.com/",
      "https://youtube.com/watch?v=abc",
      "https://evil.com/youtube.com/watch?v=aircAruvnKk",
      "not a url",
    ]) {
      expect(youtubeVideoId(bad), bad).toBeNull();
    }
  });
});

describe("form schemas", () => {
  const form = (entries: [string, string][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  };
  it("a slot form: unticked boxes are false, the duration is HH:MM, prerequisites repeat", () => {
    const s = parseWithZod(
      form([
        ["name", " Intro "],
        ["url", "https://example.com"],
        ["is_preview", "on"],
        ["duration", "00:45"],
        ["dependency_list", "3"],
        ["dependency_list", "4"],
      ]),
      {
        schema: materialSchema("weblink", undefined, { form: true }),
      },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toEqual({
      name: "Intro",
      url: "https://example.com",
      is_required: false,
      is_preview: true,
      is_display: false,
      is_non_skippable: false,
      is_paused_inactive: false,
      is_allow_download: false,
      attempt: 0,
      duration: 2700,
      dependency_list: [3, 4],
    });
    const bad = parseWithZod(
      form([
        ["name", "x"],
        ["url", "www.example.com"],
        ["duration", "45"],
      ]),
      { schema: materialSchema("weblink", undefined, { form: true }) },
    );
    expect(bad.status).toBe("error");
    const reply = bad.reply();
    expect(errorsAt(reply, "url")).toEqual(["url_must_start_with_http"]);
    expect(errorsAt(reply, "duration")).toEqual(["curriculum_time_invalid"]);
  });
  it("a JSON slot: missing booleans take their defaults", () => {
    const parsed = materialSchema("generic").parse({ name: "x" });
    expect(parsed).toMatchObject({
      is_required: true,
      is_display: true,
      is_preview: false,
      attempt: 0,
      duration: 0,
      dependency_list: [],
    });
    expect(materialSchema("generic", undefined, { partial: true }).parse({})).toEqual({});
  });
  it("identification: nested names as conform writes them, lock duration from HH:MM", () => {
    const schema = identificationSchema({ attempt: 2, duration: 60 }, { form: true });
    const ok = parseWithZod(
      form([
        ["item_list[0].id", "7"],
        ["item_list[0].is_enabled", "on"],
        ["item_list[0].identification", "2"],
        ["item_list[0].lock_method", "1"],
        ["item_list[0].attempt", "3"],
        ["item_list[0].duration_lock", "01:30"],
        ["item_list[0].slot_list[0].id", "9"],
        ["item_list[0].slot_list[0].identification", "1"],
        ["item_list[0].slot_list[0].lock_method", "2"],
        ["item_list[0].slot_list[0].attempt", "2"],
        ["item_list[0].slot_list[0].duration_lock", "00:01"],
        ["item_list[0].slot_list[0].random", "on"],
      ]),
      { schema },
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value.item_list[0]).toMatchObject({
        id: 7,
        is_enabled: true,
        identification: 2,
        attempt: 3,
        duration_lock: 5400,
      });
      expect(ok.value.item_list[0].slot_list?.[0]).toMatchObject({
        id: 9,
        is_enabled: false,
        random: true,
        lock_method: 2,
        duration_lock: 60,
      });
    }
    const bad = parseWithZod(
      form([
        ["item_list[0].id", "7"],
        ["item_list[0].attempt", "1"],
        ["item_list[0].duration_lock", "00:00"],
        ["item_list[0].identification", "0"],
        ["item_list[0].lock_method", "1"],
      ]),
      { schema },
    );
    const reply = bad.reply();
    expect(errorsAt(reply, "item_list[0].attempt")).toEqual(["value_too_small"]);
    expect(errorsAt(reply, "item_list[0].duration_lock")).toEqual(["value_too_small"]);
    expect(valueAt(reply, "item_list[0].attempt")).toBe("1");
    expect(shownValue(reply, "item_list[0].is_enabled", true, "checkbox")).toBe(false);
    expect(shownValue(null, "item_list[0].is_enabled", true, "checkbox")).toBe(true);
  });
  it("reads nested field names as paths", () => {
    expect(pathOf("item_list[0].slot_list[12].attempt")).toEqual(["item_list", 0, "slot_list", 12, "attempt"]);
  });
});
