import { type Device, wlanBands } from '@central/domain';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { OnlineChip } from '@/shared/components/online-chip';
import * as paths from '@/shared/paths';
import { bandLabel, deviceName, formatInstant, hasPendingChange, ssids } from '../format';
import { DeviceField } from './device-field';
import { PendingChip } from './pending-chip';

/** spec §2.2 /panel/devices: one router, its networks per band and the way to its details. */
export function DeviceCard({ device }: { device: Device }) {
  const titleId = useId();
  const name = deviceName(device);
  const lastSeen = formatInstant(device.last_inform);
  return (
    <Card component="article" aria-labelledby={titleId}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={titleId}
              component="h2"
              variant="h6"
              sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Nº de série {device.serialNumber}
            </Typography>
          </Box>
          <OnlineChip online={device.online} />
        </Box>

        <Box
          component="dl"
          sx={{
            display: 'grid',
            gap: 2,
            mt: 2,
            mb: 0,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <DeviceField label="Login PPPoE">{device.deviceInfo.pppLogin || '—'}</DeviceField>
          {!device.online && lastSeen && <DeviceField label="Última conexão">{lastSeen}</DeviceField>}
          {wlanBands.map((band) => (
            <DeviceField key={band} label={bandLabel[band]}>
              {ssids(device, band).join(', ') || 'Nenhuma rede'}
              {hasPendingChange(device, band) && (
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  <PendingChip />
                </Box>
              )}
            </DeviceField>
          ))}
        </Box>

        <Button
          component={RouterLink}
          to={paths.device(encodeURIComponent(device.serialNumber))}
          variant="outlined"
          endIcon={<ChevronRight />}
          aria-label={`Ver detalhes do ${name}`}
          sx={{ mt: 2.5, width: { xs: '100%', sm: 'auto' } }}
        >
          Ver detalhes
        </Button>
      </Box>
    </Card>
  );
}
