import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Button, { type ButtonProps } from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import * as paths from '@/shared/paths';
import { useTenant } from '@/shared/tenant';
import { supportChatUrl } from '../chat';

type Props = Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'sx'>;

/** A new support request: the form, or the provider's WhatsApp chat where it takes requests (spec §2.5). */
export function NewRequestButton({ variant = 'contained', ...props }: Props) {
  const chat = supportChatUrl(useTenant());
  if (chat) {
    return (
      <Button
        variant={variant}
        href={chat}
        target="_blank"
        rel="noopener noreferrer"
        startIcon={<WhatsApp />}
        {...props}
      >
        Solicitar atendimento pelo WhatsApp
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      component={RouterLink}
      to={paths.customerService.request}
      startIcon={<AddCommentOutlined />}
      {...props}
    >
      Solicitar atendimento
    </Button>
  );
}
