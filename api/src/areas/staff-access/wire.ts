import type { StaffMember } from '@lms/shared/contract';
import type { StaffRow } from './repository.js';

// Staff access's answers in the contract's shape, from the rows the repository selects.

export function memberOf(row: StaffRow): StaffMember {
  return {
    uid: row.uid,
    fullName: row.fullName,
    department: row.department,
    position: row.position,
    registrar: row.registrar,
    quality: row.quality,
    departmentHead: row.departmentHead,
  };
}
