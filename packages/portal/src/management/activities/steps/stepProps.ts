import type { EditLimits } from '../editLimits';

/** What every step body is given: what the activity's status lets change. */
export interface StepProps {
  limits: EditLimits;
}
