import type { FastifyReply } from 'fastify';

/** Answers a report as a PDF the browser shows in place, named for a save. */
export function sendPdf(reply: FastifyReply, pdf: Buffer | Uint8Array, fileName: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .send(pdf);
}
