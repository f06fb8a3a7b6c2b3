export { sendMail, type MailMessage, type MailLog, type MailDelivery } from './mail.service';
export { outboxDir } from './mail.outbox';
