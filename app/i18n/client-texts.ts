import type { I18nPayload } from "~/components/i18n-payload";
import type { TranslatorSource } from "./react";
import { TextBundle, type Texts, type Translator } from "./translator";

/** A namespace that failed to arrive is asked again only after this long (the page shows keys meanwhile). */
const RETRY_AFTER_MS = 10_000;

/**
 * The browser's texts (docs/decisions/024, 027): it starts with what the document carries (its
 * page's namespaces, in its language: app/components/i18n-payload.tsx), so hydration makes no
 * request; a namespace a client navigation needs, or a new language's, is fetched from
 * /dashboard/locales/{lng}/{ns}?v={dictionary version}, which the browser may keep.
 */
export class ClientTexts implements TranslatorSource {
  private readonly bundles = new Map<string, TextBundle>();
  private readonly loaded = new Map<string, Set<string>>();
  private readonly failed = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private translator: Translator;
  /** A partial document's namespaces: loaded only in part until complete() has their files. */
  private completing: Promise<void> | null = null;
  /** A key was missing while the texts were partial: readers render again once they are whole. */
  private missedWhilePartial = false;

  constructor(private readonly payload: I18nPayload) {
    if (payload.partial) {
      // The keys the page rendered (docs/decisions/085); the namespaces count as loaded after complete().
      for (const texts of Object.values(payload.resources)) this.bundle(payload.lng).add(texts);
      this.translator = this.bundle(payload.lng).translator(() => {
        if (
          this.completing ||
          Object.keys(this.payload.resources).some((ns) => !this.loaded.get(this.payload.lng)?.has(ns))
        )
          this.missedWhilePartial = true;
      });
    } else {
      for (const [ns, texts] of Object.entries(payload.resources)) this.add(payload.lng, ns, texts);
      this.translator = this.bundle(payload.lng).translator();
    }
  }

  /**
   * After hydration: the document carried only the keys its page rendered; fetch its namespaces
   * whole (files the browser keeps, by dictionary version) for what the page shows next. Nothing
   * renders again unless a key was missing meanwhile.
   */
  complete = () => {
    if (!this.payload.partial || this.completing) return;
    const language = this.payload.lng;
    this.completing = Promise.all(Object.keys(this.payload.resources).map((ns) => this.fetchOne(language, ns))).then(
      () => {
        this.completing = null;
        if (this.missedWhilePartial && language === this.translator.language) this.changed(language);
        this.missedWhilePartial = false;
      },
    );
  };

  subscribe = (onChange: () => void) => {
    this.listeners.add(onChange);
    return () => this.listeners.delete(onChange);
  };

  current = () => this.translator;

  need = (language: string, namespaces: readonly string[]) => {
    const have = this.loaded.get(language);
    // The document's namespaces, carried in part: enough for the page it rendered (hydration
    // must not wait); a navigation while complete() runs waits for them to be whole.
    const partial =
      this.payload.partial && language === this.payload.lng
        ? namespaces.filter((ns) => ns in this.payload.resources && !have?.has(ns))
        : [];
    if (partial.length && this.completing) return this.completing;
    const now = Date.now();
    const missing = namespaces
      .filter((ns) => !partial.includes(ns))
      .filter((ns) => !have?.has(ns) && now - (this.failed.get(`${language}/${ns}`) ?? -Infinity) > RETRY_AFTER_MS);
    if (!missing.length) return null;
    const key = `${language}|${missing.join(",")}`;
    let promise = this.pending.get(key);
    if (!promise) {
      promise = Promise.all(missing.map((ns) => this.fetchOne(language, ns))).then(() => {
        this.pending.delete(key);
        if (language === this.translator.language) this.changed(language);
      });
      this.pending.set(key, promise);
    }
    return promise;
  };

  use = (language: string) => {
    if (language !== this.translator.language) this.changed(language);
  };

  private async fetchOne(language: string, ns: string) {
    const url = `/dashboard/locales/${encodeURIComponent(language)}/${encodeURIComponent(ns)}?v=${encodeURIComponent(this.payload.v)}`;
    try {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${res.status}`);
      this.add(language, ns, (await res.json()) as Texts);
    } catch {
      this.failed.set(`${language}/${ns}`, Date.now());
    }
  }

  private add(language: string, ns: string, texts: Texts) {
    this.bundle(language).add(texts);
    let set = this.loaded.get(language);
    if (!set) this.loaded.set(language, (set = new Set()));
    set.add(ns);
  }

  private bundle(language: string) {
    let b = this.bundles.get(language);
    if (!b) this.bundles.set(language, (b = new TextBundle(language)));
    return b;
  }

  /** A new translator (its texts or language changed), so readers and their memos update. */
  private changed(language: string) {
    this.translator = this.bundle(language).translator();
    for (const l of this.listeners) l();
  }
}
