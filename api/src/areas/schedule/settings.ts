/** The schedule's clock and QR attendance (README "Schedule and QR attendance"). */
export interface ScheduleOptions {
  /** The university's offset from UTC in minutes (Bishkek: +360, no daylight saving). */
  utcOffsetMinutes: number;
  /** Marks are accepted from this long before a lesson starts until this long after it ends. */
  marginMinutes: number;
  /** The QR's token and code change this often; a token is accepted up to twice this long. */
  rotateMs: number;
  /** A position less accurate than this (metres) is refused rather than trusted. */
  maxAccuracyM: number;
  /**
   * The reported accuracy widens the room's radius by at most this much (metres,
   * LMS_QR_ACCURACY_CAP_M): a phone claiming 100 m must not check in 160 m from a 60 m room.
   */
  accuracyCapM: number;
  /** How long a claim (a token seen before signing in) stays good. */
  claimTtlMs: number;
  /** The clock of the schedule and QR checks (epoch ms); injectable for tests and demos. */
  clock: () => number;
}

/** What the schedule's route plugins are registered with. */
export interface ScheduleRouteOptions {
  schedule: ScheduleOptions;
}
