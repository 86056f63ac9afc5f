/** Where a student studies: the group and, when the group is divided, the subgroup. */
export interface GroupPlacement {
  groupId: number;
  subgroupId: number | null;
}

/** A lesson's audience: its group and, for a subgroup's lesson, that subgroup. */
export interface LessonAudience {
  groupId: number;
  subgroupId: number | null;
}

/**
 * The student belongs on the lesson's list: in its group and, for a subgroup's lesson, in that
 * subgroup (a lesson of the whole group is everyone's in it). A student without a placement
 * belongs to no lesson. An elective stream's membership is a further question
 * (`access.attendedBy`).
 */
export function inLessonGroup(
  placement: GroupPlacement | null | undefined,
  lesson: LessonAudience,
): placement is GroupPlacement {
  if (!placement) return false;
  if (placement.groupId !== lesson.groupId) return false;
  return lesson.subgroupId === null || placement.subgroupId === lesson.subgroupId;
}
