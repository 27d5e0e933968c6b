import type { FastifyReply } from 'fastify';

/** A CSV answered as a file to save (`filename`), never kept by a cache: exports of the console. */
export function sendCsvDownload(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
