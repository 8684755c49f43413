// Document 2, section 5 for profiles: gender from its list; email, birth and tel format-checked
// when not empty. Shared by the SDK (before sending) and the server.
import type { UserUpdate } from './commands/shapes/people.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BIRTH = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TEL = /^\+?[\d\s()-]{3,32}$/;

export function checkUserUpdate(user: UserUpdate): string | null {
  if (Object.keys(user).length === 0) return 'nothing to update';
  if (user.gender !== undefined && !['unknown', 'male', 'female'].includes(user.gender))
    return 'gender must be unknown, male or female';
  if (user.email && !EMAIL.test(user.email)) return 'email is not valid';
  if (user.birth && !BIRTH.test(user.birth)) return 'birth must be YYYY-MM-DD';
  if (user.tel && !TEL.test(user.tel)) return 'tel is not valid';
  return null;
}
