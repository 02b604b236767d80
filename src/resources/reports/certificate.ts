/** The merit certificate (spec 3 §4, §9): a one-page PDF, desempeño_{code}.pdf, at the row's level. */
import { CERTIFICATE_LEVEL_COLOR, certificateFileName, certificateLines, type PerformanceItem } from '../../../domain/reports';
import { formatDisplayDate } from '../../../domain/validation';

export async function downloadCertificate(row: PerformanceItem): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const { level, lines } = certificateLines({
    result: row.questionnaireResult,
    locationName: row.projectLocation.locations.fullName,
    clientName: row.projectLocation.projects.client.name,
    projectName: row.projectLocation.projects.name,
    visitDate: formatDisplayDate(row.visitDate),
  });
  const [title, levelLine, grantedTo, location, client, project, score, date, country] = lines;
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: false });
  doc.setProperties({ title: `${title} ${row.code}`, subject: levelLine, creator: 'Campo' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const center = width / 2;
  const [r, g, b] = CERTIFICATE_LEVEL_COLOR[level];

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
  doc.setFontSize(13);
  doc.text(levelLine.replace('Nivel ', ''), center, 64, { align: 'center' });

  doc.setTextColor(40, 40, 40);
  doc.setFontSize(30);
  doc.text(title, center, 36, { align: 'center' });
  doc.setFontSize(18);
  doc.setTextColor(r * 0.7, g * 0.7, b * 0.7);
  doc.text(levelLine, center, 92, { align: 'center' });
  doc.setTextColor(40, 40, 40);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(13);
  doc.text(grantedTo, center, 106, { align: 'center' });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.text(location, center, 118, { align: 'center' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(13);
  doc.text(client, center, 129, { align: 'center' });
  doc.text(project, center, 138, { align: 'center' });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(score, center, 152, { align: 'center' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(11);
  doc.text(date, 30, height - 28);
  doc.text(country, width - 30, height - 28, { align: 'right' });
  doc.text(`Código de visita: ${row.code}`, center, height - 28, { align: 'center' });
  doc.save(certificateFileName(row.code));
}
