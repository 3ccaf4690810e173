/**
 * Common passwords that pass the character rules but are among the first an attacker tries
 * (lists of leaked passwords, Indian favourites included). Compared case-insensitively.
 */
const list = [
  'password@123', 'password#123', 'password@1', 'password1!', 'password123!', 'p@ssw0rd', 'p@ssword1', 'p@ssword123',
  'p@ssw0rd1', 'p@ssw0rd123', 'passw0rd!', 'pass@123', 'pass@1234', 'pass@12345', 'welcome@123', 'welcome@1',
  'welcome#123', 'welcome1!', 'admin@123', 'admin@1234', 'admin#123', 'admin123!', 'qwerty@123', 'qwerty@1',
  'qwerty123!', 'qwerty#123', 'abc@1234', 'abc@12345', 'abcd@123', 'abcd@1234', 'abcd#1234', 'india@123',
  'india@1234', 'india#123', 'test@123', 'test@1234', 'test#123', 'user@123', 'user@1234', 'hello@123',
  'hello@1234', 'hello#123', 'login@123', 'changeme@1', 'changeme1!', 'letmein@1', 'letmein1!', 'iloveyou@1',
  'iloveyou1!', 'sunshine@1', 'monkey@123', 'dragon@123', 'football@1', 'baseball@1', 'superman@1', 'batman@123',
  'master@123', 'shadow@123', 'summer@123', 'winter@123', 'spring@123', 'autumn@123', 'google@123', 'india@2024',
  'india@2025', 'india@2026', 'password@2024', 'password@2025', 'password@2026', 'welcome@2024', 'welcome@2025',
  'welcome@2026', 'krishna@123', 'ganesh@123', 'sairam@123', 'omsairam@1', 'jaihind@123', 'computer@1',
  'student@123', 'student@1', 'college@123', 'teacher@123', 'school@123', 'default@123', 'secret@123',
  'secret@1234', 'zaq1@wsx', 'zaq1@wsx3', '1qaz@wsx', '1qaz!qaz', '!qaz2wsx', 'q1w2e3r4!', 'q1w2e3r4@',
  'a1b2c3d4!', 'a1b2c3d4@', 'aa@123456', 'aa@12345', 'abc@123456', 'asdf@1234', 'asdf@123', 'asdfgh@1',
  'zxcvbn@1', 'password!1', 'password.1', 'password_1', 'password-1', 'mypassword@1', 'newpassword@1',
];

export const commonPasswords: ReadonlySet<string> = new Set(list);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
