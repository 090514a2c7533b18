import { MEMBER_CODES } from '@tender/domain';
import { z } from 'zod';

/** A member level on the wire (spec §3 User.memberCode). The levels and their rank live in `@tender/domain`. */
export const memberCodeSchema = z.enum(MEMBER_CODES);
