/** The merit certificate (spec 3 §4, §9): a one-page PDF, desempeño_{code}.pdf, at the row's level. */
import type { jsPDF as JsPdf } from 'jspdf';
import { CERTIFICATE_LEVEL_COLOR, certificateFileName, certificateLines, type PerformanceItem } from '../../../domain/reports';
import { formatDisplayDate } from '../../../domain/validation';
import { pdfText } from '../../ui/pdfText';

/** A line of text as drawn: its page position (mm, baseline), size and width. */
export interface DrawnLine {
  text: string;
  x: number;
  y: number;
  size: number;
  width: number;
  align: 'left' | 'center' | 'right';
}

/** Millimetres of a line of `size` points, with a little leading. */
const lineHeight = (size: number) => size * 0.3528 * 1.25;

/**
 * A text at its size if it fits `maxWidth`, else smaller down to `min`, else wrapped at `min` in as
 * many lines as it takes (a point of sale's name may be 250 characters): the whole name, inside the frame.
 */
function fitted(doc: JsPdf, text: string, size: number, min: number, maxWidth: number): { size: number; lines: string[] } {
  for (let s = size; s > min; s -= 1) {
    doc.setFontSize(s);
    if (doc.getTextWidth(text) <= maxWidth) return { size: s, lines: [text] };
  }
  doc.setFontSize(min);
  return { size: min, lines: doc.splitTextToSize(text, maxWidth) as string[] };
}

/** Draws the certificate of a row on `doc` (A4 landscape) and returns every line drawn. */
export function drawCertificate(doc: JsPdf, row: PerformanceItem): DrawnLine[] {
  const { level, lines } = certificateLines({
    result: row.questionnaireResult,
    // The names as the PDF's font can print them (a point of sale named with an emoji garbled its whole line).
    locationName: pdfText(row.projectLocation.locations.fullName),
    clientName: pdfText(row.projectLocation.projects.client.name),
    projectName: pdfText(row.projectLocation.projects.name),
    visitDate: formatDisplayDate(row.visitDate),
  });
  const [title, levelLine, grantedTo, location, client, project, score, date, country] = lines;
  doc.setProperties({ title: `${title} ${row.code}`, subject: levelLine, creator: 'Campo' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const center = width / 2;
  // Inside the inner frame (15 mm from each edge), 10 mm clear of it.
  const maxWidth = width - 50;
  const [r, g, b] = CERTIFICATE_LEVEL_COLOR[level];
  const drawn: DrawnLine[] = [];
  const put = (text: string, x: number, y: number, size: number, align: DrawnLine['align'] = 'center') => {
    doc.setFontSize(size);
    doc.text(text, x, y, { align });
    drawn.push({ text, x, y, size, width: doc.getTextWidth(text), align });
  };
  /** A text that may be long, centred from baseline `y`: the baseline after its last line. */
  const block = (text: string, y: number, size: number, min: number) => {
    const fit = fitted(doc, text, size, min, maxWidth);
    fit.lines.forEach((line, i) => put(line, center, y + i * lineHeight(fit.size), fit.size));
    return y + (fit.lines.length - 1) * lineHeight(fit.size);
  };

  doc.setDrawColor(r, g, b);
  doc.setLineWidth(3);
  doc.rect(10, 10, width - 20, height - 20);
  doc.setLineWidth(0.6);
  doc.rect(15, 15, width - 30, height - 30);

  // The medal: a disc in the level's colour with the level's name.
  doc.setFillColor(r, g, b);
  doc.circle(center, 62, 17, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold');
  put(levelLine.replace('Nivel ', ''), center, 64, 13);

  doc.setTextColor(40, 40, 40);
  put(title, center, 36, 30);
  doc.setTextColor(r * 0.7, g * 0.7, b * 0.7);
  put(levelLine, center, 92, 18);
  doc.setTextColor(40, 40, 40);
  doc.setFont('helvetica', 'normal');
  put(grantedTo, center, 106, 13);
  // The names below follow one another: a name that takes two lines moves the rest down.
  doc.setFont('helvetica', 'bold');
  let y = block(location, 118, 20, 12);
  doc.setFont('helvetica', 'normal');
  y = block(client, y + 11, 13, 9);
  y = block(project, y + 9, 13, 9);
  doc.setFont('helvetica', 'bold');
  put(score, center, y + 14, 16);
  doc.setFont('helvetica', 'normal');
  put(date, 30, height - 28, 11, 'left');
  put(country, width - 30, height - 28, 11, 'right');
  put(`Código de visita: ${row.code}`, center, height - 28, 11);
  return drawn;
}

export async function downloadCertificate(row: PerformanceItem): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: false });
  drawCertificate(doc, row);
  doc.save(certificateFileName(row.code));
}
