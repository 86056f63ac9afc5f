import type { ManualSection } from '@lms/shared';

/** Who reads a part of the manual: the portal's roles (the registrar is staff with the office's rights). */
export const READERS = ['student', 'teacher', 'registrar'] as const;
export type Reader = (typeof READERS)[number];

/** One thing a reader does on a screen, step by step. */
export interface Task {
  title: string;
  steps: readonly string[];
}

/** What a refusal or warning of the screen says, and what it means (what to do). */
export interface Refusal {
  says: string;
  means: string;
}

/** A screen as one role uses it. */
export interface RoleHelp {
  tasks: readonly Task[];
  refusals?: readonly Refusal[];
}

/** The manual's page of one screen: what it is for, and its help for each role that uses it. */
export interface ManualPage {
  section: ManualSection;
  title: string;
  /** What the screen is for, in a sentence or two. */
  purpose: string;
  roles: Partial<Record<Reader, RoleHelp>>;
}

/** The manual in one language: a page for every section. */
export type Manual = Record<ManualSection, ManualPage>;
