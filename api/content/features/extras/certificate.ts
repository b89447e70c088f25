import type { FastifyInstance } from "fastify";
import { MSG } from "../../../../contract/messages";
import {
  CERTIFICATE_ISSUED_DATE,
  certificateSchemas,
  daysText,
  parseDaysText,
  type Certificate,
  type CertificateInput,
} from "../../../../contract/schemas/extras";
import type { Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import type { ContentDefinition } from "../../definition";
import { contentAccess, refColumns, type ContentRef } from "../../ref";
import { assertChanges, badRequest, fieldErrors, notFound, refuseUnknownFields } from "../../../http/errors";
import { configValues } from "../../../system/config-store";
import { textLimits } from "../../../system/config-store";
import { fromResource, touch, writeTransaction, type AnyResource, type Trx } from "../../../engine/crud";
import { storeImageUpload } from "../../../system/media";

/**
 * The e-certificate of a content (spec 001 §3 "Certificate"; docs/decisions/012):
 *   GET   dashboard/{path}/{id}/certificate/          the certificate, or its defaults (is_set false)
 *   PATCH dashboard/{path}/{id}/certificate/          partial; the result must be whole
 *   POST  dashboard/{path}/{id}/certificate/image/    multipart `image`: the background picture
 *   DELETE dashboard/{path}/{id}/certificate/image/
 * Reading needs the content's view, writing its module's certificate flag.
 * The download period is kept in days and answered as "{n} days" (null: no limit); it is accepted
 * as that text or as the number.
 */

/** The content's own name: a new certificate's default name. */
async function contentName(db: Db | Trx, content: AnyResource, id: number) {
  const row = await fromResource(db, content.table).select("t.name").where("t.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return row.name;
}

const certificateOf = (db: Db | Trx, ref: ContentRef) =>
  db
    .selectFrom("content_certificate")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId);

export async function loadCertificate(db: Db | Trx, content: AnyResource, ref: ContentRef): Promise<Certificate> {
  const row = await certificateOf(db, ref).selectAll().executeTakeFirst();
  if (!row) {
    const defaults = certificateSchemas().full.parse({ name: await contentName(db, content, ref.contentId) });
    return { is_set: false, ...defaults, image: null, content_period_download: null, datetime_update: null };
  }
  return {
    is_set: true,
    name: row.name,
    desc: row.desc,
    image: row.image,
    language: row.language,
    type_template: row.type_template,
    certificate_type: row.certificate_type,
    content_period_download: daysText(row.download_days),
    type_complete: row.type_complete,
    type_issued_date: row.type_issued_date,
    date_issued: row.date_issued,
    datetime_update: row.datetime_update,
  };
}

/** Save the whole certificate (create or replace its fields; the image is kept). */
async function saveCertificate(trx: Trx, ref: ContentRef, c: CertificateInput, now: Date) {
  const values = {
    name: c.name,
    desc: c.desc,
    language: c.language,
    type_template: c.type_template,
    certificate_type: c.certificate_type,
    download_days: c.content_period_download,
    type_complete: c.type_complete,
    type_issued_date: c.type_issued_date,
    // A date is printed only when the certificate says "fixed date".
    date_issued: c.type_issued_date === CERTIFICATE_ISSUED_DATE.fixed_date ? c.date_issued : null,
    datetime_update: now.toISOString(),
  };
  await trx
    .insertInto("content_certificate")
    .values({ ...refColumns(ref), image: null, ...values })
    .onConflict((oc) => oc.columns(["content_type_id", "content_id"]).doUpdateSet(values))
    .execute();
}

/** Set (or clear) the certificate's picture. */
async function setImage(trx: Trx, ref: ContentRef, image: string | null, now: Date) {
  await trx
    .updateTable("content_certificate")
    .set({ image, datetime_update: now.toISOString() })
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .execute();
}

export function certificateRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const content = def.resource;
  const base = `/dashboard/${content.path}/:id(^\\d{1,12})/certificate/`;

  app.get(base, async (req) => loadCertificate(db, content, (await contentAccess(req, db, content, "view")).ref));

  app.patch(base, async (req) => {
    const { id, ref } = await contentAccess(req, db, content, "certificate");
    const schemas = certificateSchemas(await textLimits(db));
    refuseUnknownFields(schemas.patch, req.body);
    const patch = schemas.patch.safeParse(req.body ?? {});
    if (!patch.success) throw badRequest(fieldErrors(patch.error, "nested"));
    assertChanges(patch.data);
    const now = ctx.now();
    const { "language-list": languages } = await configValues(db, ["language-list"]);
    await writeTransaction(db, async (trx) => {
      const current = await loadCertificate(trx, content, ref);
      // The stored values (download period back to days) with the given ones over them, checked whole.
      const given = Object.fromEntries(Object.entries(patch.data).filter(([, v]) => v !== undefined));
      const merged = schemas.full.safeParse({
        ...current,
        content_period_download: parseDaysText(current.content_period_download),
        ...given,
      });
      if (!merged.success) throw badRequest(fieldErrors(merged.error, "nested"));
      if (!(languages as string[]).includes(merged.data.language)) throw badRequest({ language: [MSG.invalid_choice] });
      await saveCertificate(trx, ref, merged.data, now);
      await touch(trx, content, id, now);
    });
    return loadCertificate(db, content, ref);
  });

  app.post(`${base}image/`, async (req) => {
    const { id, ref } = await contentAccess(req, db, content, "certificate");
    const url = await storeImageUpload(req, db, ctx.mediaDir, "certificate");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      // A picture before anything else was saved: the certificate starts from its defaults.
      const current = await loadCertificate(trx, content, ref);
      if (!current.is_set)
        await saveCertificate(
          trx,
          ref,
          certificateSchemas().full.parse({ ...current, content_period_download: null }),
          now,
        );
      await setImage(trx, ref, url, now);
      await touch(trx, content, id, now);
    });
    return loadCertificate(db, content, ref);
  });

  app.delete(`${base}image/`, async (req) => {
    const { id, ref } = await contentAccess(req, db, content, "certificate");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await setImage(trx, ref, null, now);
      await touch(trx, content, id, now);
    });
    return loadCertificate(db, content, ref);
  });
}
