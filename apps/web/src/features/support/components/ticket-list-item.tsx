import { type SupportTicket, supportStatusLabels } from '@central/domain';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import * as paths from '@/shared/paths';
import { formatDateTime } from '../format';
import { SupportStatusChip } from './support-status-chip';

/** One ticket of a list: subject, protocol, opening date and status; opens its details. */
export function TicketListItem({ ticket }: { ticket: SupportTicket }) {
  const subject = ticket.subject || 'Atendimento';
  const opened = formatDateTime(ticket.created_at);
  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.supportTicket(ticket.id)}
        aria-label={[subject, supportStatusLabels[ticket.status], `protocolo ${ticket.protocolo}`]
          .concat(opened ? `aberto em ${opened}` : [])
          .join(', ')}
        sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', alignItems: 'center', gap: 1.5 }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {subject}
            </Typography>
            <SupportStatusChip status={ticket.status} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            Protocolo {ticket.protocolo}
            {opened && ` · Aberto em ${opened}`}
          </Typography>
          {ticket.message && (
            <Typography
              variant="body2"
              sx={{
                mt: 0.75,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {ticket.message}
            </Typography>
          )}
        </Box>
        <ChevronRightIcon aria-hidden sx={{ color: 'text.disabled', flexShrink: 0 }} />
      </CardActionArea>
    </Card>
  );
}
