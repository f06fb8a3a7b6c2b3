export { sendMail, type MailMessage, type MailLog, type MailDelivery } from './mail.service';
export { readOutbox, outboxDir } from './mail.outbox';
export { parseMessage, type ReadMessage } from './mail.mime';
