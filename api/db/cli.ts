import { prepareDatabase } from "../boot";

/** `npm run migrate` / `npm run seed`: both migrate, then seed what is missing. */
const { db } = await prepareDatabase();
await db.destroy();
