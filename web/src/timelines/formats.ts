import { TIMELINE_FORMATS, type TimelineTimeFrame } from '@hub/model/timeline';
import dayjs from 'dayjs';
import { fromWire } from './timeline-api';

/** The timeline's formats (back-office 9), in the viewer's time zone. */

/** A day group's header: Today, Yesterday, else DD/MM/YYYY ('YYYY-MM-DD' local day). */
export function dayHeader(day: string, now = new Date()): string {
  const d = dayjs(day);
  const today = dayjs(now).startOf('day');
  if (d.isSame(today, 'day')) return 'Today';
  if (d.isSame(today.subtract(1, 'day'), 'day')) return 'Yesterday';
  return d.format(TIMELINE_FORMATS.day);
}

/** An event's time in the list: DD/MM/YYYY hh:mm:ss A. */
export const formatListTime = (wire: string) => dayjs(fromWire(wire)).format(TIMELINE_FORMATS.listTime);

/** An event's time on a graph card: HH:mm DD/MM/YY. */
export const formatCardTime = (wire: string) => dayjs(fromWire(wire)).format(TIMELINE_FORMATS.card);

/** A quick-jump option: months MM/YYYY, weeks DD/MM/YYYY. */
export const formatPeriod = (wire: string, frame: TimelineTimeFrame) =>
  dayjs(fromWire(wire)).format(frame === 'Months' ? TIMELINE_FORMATS.month : TIMELINE_FORMATS.week);
