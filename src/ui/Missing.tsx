import { Box } from '@mui/material';
import { HTTP_TEXT } from '../dataProvider/httpText';

/**
 * What a screen shows in place of the record it could not read: the server's words when it answered
 * (an unknown id, a record of another owner), else `text`, else that nothing was found.
 */
export function Missing({ error, text }: { error?: unknown; text?: string }) {
  return <Box sx={{ m: 4 }}>{(error as Error | null | undefined)?.message ?? text ?? HTTP_TEXT.notFound}</Box>;
}
