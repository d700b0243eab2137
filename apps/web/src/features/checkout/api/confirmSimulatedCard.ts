import {
  API_PATHS,
  cardFieldErrorBodySchema,
  simulatedConfirmResponseSchema,
  type SimulatedConfirmBody,
  type SimulatedConfirmResponse,
} from '@market/contracts';
import { apiFetch, isApiError } from '@/lib/api';
import { CardFieldProblem, CardRefused } from '../paymentErrors';

/**
 * POST /api/payment/simulated/confirm. A wrong field (400 with `field`) and a refused card
 * (402) are the card's answer; anything else is an error of the call.
 */
export async function confirmSimulatedCard(body: SimulatedConfirmBody): Promise<SimulatedConfirmResponse> {
  try {
    return await apiFetch(API_PATHS.payment.simulatedConfirm, { body }, (data) => simulatedConfirmResponseSchema.parse(data));
  } catch (error) {
    if (isApiError(error, 400)) {
      const fieldError = cardFieldErrorBodySchema.safeParse(error.body);
      if (fieldError.success) throw new CardFieldProblem(fieldError.data.field, fieldError.data.message);
    }
    if (isApiError(error, 402)) throw new CardRefused(error.message);
    throw error;
  }
}
