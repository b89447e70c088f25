import type { FastifyInstance } from "fastify";
import { MSG } from "../../contract/messages";
import { CERTIFICATE_ISSUED_DATE, certificateSchemas, daysText, parseDaysText, type Certificate, type CertificateInput } from "../../contract/schemas/extras";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest, notFound } from "../http/errors";
import { configValues } from "./config-store";
import { contentLimits, nestedFieldErrors, parentAccess, writeTransaction } from "./content-rows";
import { touch, type AnyResource, type Trx } from "./crud";
import { MAX_UPLOAD_BYTES, readImageUpload, storeMedia } from "./media";

/**
 * The e-certificate of a course (spec 001 §3 "Certificate"; docs/decisions/012):
 *   GET   dashboard/course/{id}/certificate/          the certificate, or its defaults (is_set false)
 *   PATCH dashboard/course/{id}/certificate/          partial; the result must be whole
 *   POST  dashboard/course/{id}/certificate/image/    multipart `image`: the background picture
 *   DELETE dashboard/course/{id}/certificate/image/
 * Reading needs the course's view, writing its certificate flag (course_certificate_course).
 * The download period is kept in days and answered as "{n} days" (null: no limit); it is accepted
 * as that text or as the number.
 */

async function courseName(db: Db | Trx, courseId: number) {
  const row = await db.selectFrom("course").select("name").where("id", "=", courseId).executeTakeFirst();
  if (!row) throw notFound();
  return row.name;
}

export async function loadCertificate(db: Db | Trx, courseId: number): Promise<Certificate> {
  const row = await db.selectFrom("course_certificate").selectAll().where("course_id", "=", courseId).executeTakeFirst();
  if (!row) {
    const defaults = certificateSchemas().full.parse({ name: await courseName(db, courseId) });
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
async function saveCertificate(trx: Trx, courseId: number, c: CertificateInput, now: Date) {
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
    .insertInto("course_certificate")
    .values({ course_id: courseId, image: null, ...values })
    .onConflict((oc) => oc.column("course_id").doUpdateSet(values))
    .execute();
}

export function certificateRoutes(app: FastifyInstance, ctx: ApiContext, parent: AnyResource) {
  const { db } = ctx;
  const base = `/dashboard/${parent.path}/:id(^\\d{1,12})/certificate/`;

  app.get(base, async (req) => loadCertificate(db, (await parentAccess(req, db, parent, "view")).id));

  app.patch(base, async (req) => {
    const { id } = await parentAccess(req, db, parent, "certificate");
    const schemas = certificateSchemas(await contentLimits(db));
    const patch = schemas.patch.safeParse(req.body ?? {});
    if (!patch.success) throw badRequest(nestedFieldErrors(patch.error));
    const now = ctx.now();
    const { "language-list": languages } = await configValues(db, ["language-list"]);
    await writeTransaction(db, async (trx) => {
      const current = await loadCertificate(trx, id);
      // The stored values (download period back to days) with the given ones over them, checked whole.
      const given = Object.fromEntries(Object.entries(patch.data).filter(([, v]) => v !== undefined));
      const merged = schemas.full.safeParse({ ...current, content_period_download: parseDaysText(current.content_period_download), ...given });
      if (!merged.success) throw badRequest(nestedFieldErrors(merged.error));
      if (!(languages as string[]).includes(merged.data.language)) throw badRequest({ language: [MSG.invalid_choice] });
      await saveCertificate(trx, id, merged.data, now);
      await touch(trx, parent, id, now);
    });
    return loadCertificate(db, id);
  });

  app.post(`${base}image/`, async (req) => {
    const { id } = await parentAccess(req, db, parent, "certificate");
    const { "image-size-limit": limit } = await configValues(db, ["image-size-limit"]);
    const upload = await readImageUpload(req, "image", Number(limit) || MAX_UPLOAD_BYTES);
    const url = await storeMedia(ctx.mediaDir, "certificate", upload);
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      // A picture before anything else was saved: the certificate starts from its defaults.
      const current = await loadCertificate(trx, id);
      if (!current.is_set) await saveCertificate(trx, id, certificateSchemas().full.parse({ ...current, content_period_download: null }), now);
      await trx.updateTable("course_certificate").set({ image: url, datetime_update: now.toISOString() }).where("course_id", "=", id).execute();
      await touch(trx, parent, id, now);
    });
    return loadCertificate(db, id);
  });

  app.delete(`${base}image/`, async (req) => {
    const { id } = await parentAccess(req, db, parent, "certificate");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await trx.updateTable("course_certificate").set({ image: null, datetime_update: now.toISOString() }).where("course_id", "=", id).execute();
      await touch(trx, parent, id, now);
    });
    return loadCertificate(db, id);
  });
}
