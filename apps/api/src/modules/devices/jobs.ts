import type { JobDefinition } from '../../jobs/boss.ts';
import type { DevicesService } from './service.ts';

/**
 * Every minute: the ACS tasks of Wi-Fi changes that offline routers had not taken are looked up (done,
 * faulted or still queued), and changes older than a day are marked expired.
 */
export function devicesJobs(devices: DevicesService): JobDefinition[] {
  return [{ queue: 'settle-wifi-changes', schedule: '* * * * *', run: devices.settlePending }];
}
