import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { registerAppBodySchema } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useRegisterApp } from '../api/registerApp';
import { AppFieldInput, fieldErrors, focusFirstError, serverFieldError, type AppField } from './AppFields';

const EMPTY = { appName: '', bundleId: '', storeUrl: '' };

/** Register app: name, bundle id and an optional store address, checked here as the server checks them. */
interface RegisterAppFormProps {
  code: string;
  productTitle: string;
  /** Told the app's name once it is registered (the form may then give way). */
  onRegistered: (appName: string) => void;
  /** Opened by a button: its first field takes the focus. */
  focusOnOpen?: boolean;
}

export function RegisterAppForm({ code, productTitle, onRegistered, focusOnOpen = false }: RegisterAppFormProps) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const register = useRegisterApp(code);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AppField, string>>>({});
  useEffect(() => {
    if (focusOnOpen) form.current?.querySelector('input')?.focus();
  }, [focusOnOpen]);

  const set = (field: AppField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (register.error) register.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerAppBodySchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      focusFirstError(form.current, found);
      return;
    }
    register.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        onRegistered(parsed.data.appName);
      },
      onError: (error) => {
        const found = serverFieldError(error);
        if (!found) return;
        setErrors(found);
        focusFirstError(form.current, found);
      },
    });
  };

  return (
    <form ref={form} className="licence-app-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-2">
        Register app<span className="visually-hidden"> for {productTitle}</span>
      </h3>
      <AppFieldInput field="appName" label="App name" value={values.appName} onChange={set('appName')} error={errors.appName} required />
      <AppFieldInput
        field="bundleId"
        label="Package or bundle id"
        hint="Reverse-DNS, e.g. com.studio.game. It cannot be changed later."
        value={values.bundleId}
        onChange={set('bundleId')}
        error={errors.bundleId}
        required
      />
      <AppFieldInput
        field="storeUrl"
        label="Store address (optional)"
        hint="Its Google Play or App Store page."
        value={values.storeUrl}
        onChange={set('storeUrl')}
        error={errors.storeUrl}
      />
      <SubmitButton pending={register.isPending} className="btn-sm">
        Register app
      </SubmitButton>
      {/* A refusal about one field is shown at that field; any other here. */}
      <FormError
        message={register.error && !serverFieldError(register.error) ? register.error.message : null}
        className="mt-2 mb-0 small"
      />
    </form>
  );
}
