export {
  consumeCode,
  issueCode,
  reserveSend,
  sendCode,
  deliver,
  newCode,
  CODE_TTL_MS,
  MAX_TRIES,
  MAX_SENDS_PER_EMAIL,
  MAX_SENDS_PER_ADDRESS,
  type MailContext,
} from './email-codes.service';
export { layoutMail, type CodePurpose } from './email-codes.mail';
