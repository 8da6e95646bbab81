import { formatBytes, type SupportAttachment } from '@central/domain';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useDownloadAttachment } from '../api';

/** The files that went with a request or a message, as links that download them (issue 15). */
export function AttachmentLinks({
  supportId,
  attachments,
}: {
  supportId: string;
  attachments: SupportAttachment[];
}) {
  const download = useDownloadAttachment();
  if (attachments.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Anexos"
      sx={{ p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {attachments.map((a) => (
        <Box component="li" key={a.id} sx={{ listStyle: 'none', minWidth: 0, maxWidth: '100%' }}>
          <Button
            size="small"
            variant="text"
            startIcon={a.contentType === 'application/pdf' ? <DescriptionOutlined /> : <ImageOutlined />}
            loading={download.isPending && download.variables?.attachmentId === a.id}
            onClick={() => download.mutate({ supportId, attachmentId: a.id })}
            sx={{ textTransform: 'none', justifyContent: 'flex-start', maxWidth: '100%' }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {a.name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.75, whiteSpace: 'nowrap' }}>
              {formatBytes(a.size)}
            </Box>
          </Button>
        </Box>
      ))}
    </Box>
  );
}
