/**
 * The benchmark's database: 100,000 students (50 of them with a known password), 100 batches, 1,000 course
 * sessions and 1,000 programs, and an admin. Written straight into the tables in large batches: through the API
 * this would take hours of password hashing.
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../src/api/auth/password-hash.js';
import type { Database } from '../src/api/db/schema.js';

export const BENCH_STUDENT = { email: 'bench.student@example.com', password: 'Bench#Student2026' };
/** Paid students who can log in with BENCH_STUDENT's password: the load signs in as all of them, as a class would. */
export const BENCH_STUDENTS = Array.from({ length: 50 }, (_, i) => ({
  ...BENCH_STUDENT,
  email: i === 0 ? BENCH_STUDENT.email : `bench.student${i}@example.com`,
}));
export const BENCH_ADMIN = { email: 'teacher@example.com', password: 'Teacher#2026' };

const CITIES = [
  'Pune',
  'Mumbai',
  'Delhi',
  'Chennai',
  'Kolkata',
  'Bengaluru',
  'Hyderabad',
  'Jaipur',
  'Lucknow',
  'Kochi',
];
const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Diya',
  'Isha',
  'Kabir',
  'Meera',
  'Rohan',
  'Saanvi',
  'Tara',
  'Arjun',
  'Nisha',
];
const LAST = ['Sharma', 'Verma', 'Iyer', 'Nair', 'Gupta', 'Reddy', 'Das', 'Khan', 'Patel', 'Joshi'];

/**
 * Searches an admin might type: names, cities, a mobile number's start, an email (each matches 1 to 10,000 students).
 */
export const SEARCH_TERMS = [
  ...LAST.filter((name) => name !== 'Sharma'), // the 50-connection line searches for Sharma
  ...FIRST,
  ...CITIES,
  ...Array.from({ length: 10 }, (_, i) => `90000${i}`),
  ...Array.from({ length: 10 }, (_, i) => `student${4321 + i * 977}@`),
].map((term) => term.toLowerCase());

export async function seedLarge(db: Kysely<Database>, students = 100_000): Promise<void> {
  const studentHash = await hashPassword(BENCH_STUDENT.password);
  const adminHash = await hashPassword(BENCH_ADMIN.password);
  const now = new Date().toISOString();
  await db
    .insertInto('students')
    .values({
      email: BENCH_ADMIN.email,
      password_hash: adminHash,
      role: 'admin',
      first_name: 'Course',
      last_name: 'Admin',
      activated: 1,
      uniq_id: 'bench-admin',
    })
    .execute();
  await db
    .insertInto('batches')
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        batch_number: i + 1,
        start_date: '2027-01-04',
        meeting_link: `https://meet.example.com/batch-${i + 1}`,
      })),
    )
    .execute();
  const CHUNK = 500;
  for (let start = 0; start < students; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(students, start + CHUNK); i += 1) {
      rows.push({
        email: BENCH_STUDENTS[i]?.email ?? `student${i}@example.com`,
        // Only the bench students can log in; the rest share a hash that matches no password anyone knows.
        password_hash: i < BENCH_STUDENTS.length ? studentHash : adminHash.replace(/.$/, 'x'),
        first_name: FIRST[i % FIRST.length]!,
        last_name: `${LAST[(i * 7) % LAST.length]} ${i}`,
        mobile: String(9_000_000_000 + i),
        city: CITIES[i % CITIES.length]!,
        country: 'India',
        study: 'BSc',
        institution: `College ${i % 300}`,
        activated: 1,
        student_status: i < BENCH_STUDENTS.length ? 1 : i % 3,
        student_batch: (i % 100) + 1,
        uniq_id: `bench-${i}`,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto('students').values(rows).execute();
  }
  for (let start = 0; start < 1000; start += CHUNK) {
    await db
      .insertInto('course_sessions')
      .values(
        Array.from({ length: CHUNK }, (_, j) => ({
          session_number: start + j + 1,
          session_date: '2027-01-04',
          topics: `Topic ${start + j + 1}: pointers and arrays`,
          lesson_video: 'dQw4w9WgXcQ',
        })),
      )
      .execute();
    await db
      .insertInto('programs')
      .values(
        Array.from({ length: CHUNK }, (_, j) => ({
          program_number: start + j + 1,
          task: `Write program ${start + j + 1}.`,
        })),
      )
      .execute();
  }
}
