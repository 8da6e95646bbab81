import { cpfOrCnpjSchema, signInPasswordSchema } from '../validators.ts';
import { z } from '../zod.ts';

export const featureFlags = ['credit_card'] as const;
export type FeatureFlag = (typeof featureFlags)[number];

/**
 * POST /api/central/sign-in. With only the CPF/CNPJ it is the first step of the two-step sign-in
 * (/sign-in then /sign-in-2); with the password too it signs in at once.
 */
export const signInBody = z.object({
  cpfOrCnpj: cpfOrCnpjSchema,
  password: signInPasswordSchema.optional(),
});
export type SignInBody = z.input<typeof signInBody>;

/** POST /api/central/sign-in/password: the second step, bound to the first by an httpOnly cookie. */
export const signInPasswordBody = z.object({ password: signInPasswordSchema });
export type SignInPasswordBody = z.input<typeof signInPasswordBody>;

export const sessionSchema = z
  .object({
    validToken: z.literal(true),
    featureFlag: z.array(z.enum(featureFlags)),
    customer: z.object({ name: z.string(), firstName: z.string() }),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const signInResponse = z.discriminatedUnion('step', [
  z.object({ step: z.literal('password') }),
  z.object({ step: z.literal('done'), session: sessionSchema }),
]);
export type SignInResponse = z.infer<typeof signInResponse>;
