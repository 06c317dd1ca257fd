import { ALERT_FREQUENCIES } from '@keyhaven/shared/constants';
import { ALERT_FREQUENCY_LABELS } from '@keyhaven/shared/texts';

/** How often a saved search's new matches come by e-mail, as the options of a drop-down list. */
export function AlertFrequencyOptions() {
  return ALERT_FREQUENCIES.map((frequency) => (
    <option key={frequency} value={frequency}>
      {ALERT_FREQUENCY_LABELS[frequency]}
    </option>
  ));
}
