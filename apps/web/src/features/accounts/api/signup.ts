import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  forgotPasswordBodySchema,
  otpResendBodySchema,
  otpVerifyBodySchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  shopInfoBodySchema,
  shopInfoResponseSchema,
  otpVerifyResponseSchema,
} from '@posauto/shared/schemas/accounts';
import { api } from '../../../lib/api-client';

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.infer<S>;
type Message = { message: string };

/** Public sign-up and password-reset calls (no session). Each answer carries a translated message. */
export const signupApi = {
  register: (body: In<typeof registerBodySchema>) => api.post<Out<typeof registerResponseSchema>>('/api/v1/register', body),
  verifyOtp: (body: In<typeof otpVerifyBodySchema>) => api.post<Out<typeof otpVerifyResponseSchema>>('/api/v1/otp-verify', body),
  resendOtp: (body: In<typeof otpResendBodySchema>) => api.post<Message>('/api/v1/otp-resend', body),
  shopInfo: (body: In<typeof shopInfoBodySchema>) => api.post<Out<typeof shopInfoResponseSchema>>('/api/v1/registration', body),
  forgotPassword: (body: In<typeof forgotPasswordBodySchema>) => api.post<Message>('/api/v1/forgot-password', body),
  resetPassword: (body: In<typeof resetPasswordBodySchema>) => api.post<Message>('/api/v1/reset-password', body),
};

export const useResendOtp = () => useMutation({ mutationFn: signupApi.resendOtp });
