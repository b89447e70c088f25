import type { Transaction } from "kysely";
import type { Database } from "./schema";

type Trx = Transaction<Database>;

type SeedRoom = { name: string; code: string; capacity: number; desc?: string };
type SeedLocation = {
  name: string;
  code: string;
  address: string;
  latitude: number;
  longitude: number;
  rooms: SeedRoom[];
};

/**
 * The demo organisation's places (docs/decisions/039): a head office in Bangkok and training
 * sites around Thailand, each with its rooms, at their real coordinates (WGS 84), so the
 * location pages, the room tab and the class sessions (seed-classes.ts reads the rooms) have
 * something to show. Capacity 0 is the unlimited hall.
 */
const LOCATIONS: SeedLocation[] = [
  {
    name: "Bangkok Head Office",
    code: "BKK-HQ",
    address: "Sathorn Square, 98 North Sathorn Road, Silom, Bang Rak, Bangkok 10500",
    latitude: 13.7221,
    longitude: 100.5296,
    rooms: [
      { name: "Chao Phraya Room", code: "HQ-2101", capacity: 40, desc: "21st floor, projector and video conference." },
      { name: "Lumphini Room", code: "HQ-2102", capacity: 16 },
      { name: "Training Hall", code: "HQ-HALL", capacity: 0, desc: "Ground floor; seats are set per event." },
      { name: "Computer Lab", code: "HQ-LAB", capacity: 24, desc: "24 workstations." },
    ],
  },
  {
    name: "Chiang Mai Training Centre",
    code: "CNX-TC",
    address: "ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50200",
    latitude: 18.7965,
    longitude: 98.968,
    rooms: [
      { name: "ห้องดอยสุเทพ", code: "CNX-101", capacity: 30 },
      { name: "ห้องปิง", code: "CNX-102", capacity: 12 },
      { name: "Workshop Studio", code: "CNX-WS", capacity: 20, desc: "Moveable tables for group work." },
    ],
  },
  {
    name: "Khon Kaen Regional Office",
    code: "KKC-RO",
    address: "Mittraphap Road, Nai Mueang, Mueang Khon Kaen, Khon Kaen 40000",
    latitude: 16.4419,
    longitude: 102.8359,
    rooms: [
      { name: "Meeting Room 1", code: "KKC-M1", capacity: 10 },
      { name: "Isan Hall", code: "KKC-HALL", capacity: 80 },
    ],
  },
  {
    name: "Phuket Learning Hub",
    code: "HKT-LH",
    address: "ถนนเฉลิมพระเกียรติ ตำบลรัษฎา อำเภอเมืองภูเก็ต จังหวัดภูเก็ต 83000",
    latitude: 7.8905,
    longitude: 98.3815,
    rooms: [
      { name: "Andaman Room", code: "HKT-A", capacity: 25 },
      { name: "ห้องสัมมนาใหญ่", code: "HKT-S", capacity: 60 },
    ],
  },
  {
    name: "Laem Chabang Plant",
    code: "LCB-PL",
    address: "Laem Chabang Industrial Estate, Thung Sukhla, Si Racha, Chon Buri 20230",
    latitude: 13.0832,
    longitude: 100.9161,
    rooms: [
      {
        name: "Safety Training Room",
        code: "LCB-SF",
        capacity: 35,
        desc: "Personal protective equipment on the racks outside.",
      },
      { name: "Control Room Simulator", code: "LCB-SIM", capacity: 8 },
      { name: "Canteen Hall", code: "LCB-CH", capacity: 0 },
    ],
  },
];

export async function seedLocations(trx: Trx, now: Date) {
  const at = now.toISOString();
  for (const { rooms, ...location } of LOCATIONS) {
    const { id } = await trx
      .insertInto("location")
      .values({ ...location, image: null, datetime_create: at, datetime_update: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("room")
      .values(
        rooms.map((r) => ({
          location_id: id,
          name: r.name,
          code: r.code,
          capacity: r.capacity,
          desc: r.desc ?? "",
          datetime_create: at,
          datetime_update: at,
        })),
      )
      .execute();
  }
}
