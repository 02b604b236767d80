// @vitest-environment jsdom
/**
 * The size of a chosen file, in the bulk import's 'Información del archivo' and in the upload panel of the
 * CSV loads, is written as every figure of the console: the decimal after a comma ('15,8 KB'), not a point.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatFileSize } from '../../domain/numbers';
import { FileInfoPanel } from '../../src/resources/webUsers/massive/panels';
import { FilePanel } from '../../src/ui/upload/FileDropZone';

afterEach(cleanup);

/** A file of `bytes` bytes, as the file picker hands it over. */
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { lastModified: Date.UTC(2026, 11, 7, 22, 58) });

describe('the size of a chosen file', () => {
  it('is written with a decimal comma, in KB under a megabyte and in MB from one', () => {
    expect(formatFileSize(16_180)).toBe('15,8 KB');
    expect(formatFileSize(512)).toBe('0,5 KB');
    expect(formatFileSize(1024)).toBe('1,0 KB');
    expect(formatFileSize(1_048_575)).toBe('1.024,0 KB');
    expect(formatFileSize(1_258_291)).toBe('1,2 MB');
  });

  it("shows so in the bulk import's file information", () => {
    render(<FileInfoPanel file={fileOf('usuarios.xlsx', 16_180)} rows={2} />);
    expect(screen.getByText(/^15,8 KB · modificado el /)).toBeTruthy();
  });

  it('shows so in the panel of a file to upload', () => {
    render(<FilePanel file={fileOf('locaciones.csv', 1_258_291)} onUpload={() => {}} progress={null} />);
    expect(screen.getByText('1,2 MB')).toBeTruthy();
  });
});
