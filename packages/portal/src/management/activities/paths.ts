/** The organiser's activity table. */
export const LIST_PATH = '/management/type=activemana';

/** The step form: a new activity, or the stored one. */
export const editPath = (activityId?: string) => `/management/type=create-activity${activityId ? `/${encodeURIComponent(activityId)}` : ''}`;
