import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isStoreUrlOfOtherApp, STORE_URL_OF_OTHER_APP_MESSAGE, updateAppBodySchema, type RegisteredApp } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useUpdateApp } from '../api/updateApp';
import { AppFieldInput, fieldErrors, focusFirstError, serverFieldError, type AppField } from './AppFields';

interface EditAppFormProps {
  code: string;
  app: RegisteredApp;
  onDone: () => void;
}

/** Corrects a registered app's name or store address; the bundle id is shown, not editable. */
export function EditAppForm({ code, app, onDone }: EditAppFormProps) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const update = useUpdateApp(code);
  const [values, setValues] = useState({ appName: app.appName, storeUrl: app.storeUrl ?? '' });
  const [errors, setErrors] = useState<Partial<Record<AppField, string>>>({});
  // Opened from its Edit button: the first field takes the focus.
  useEffect(() => form.current?.querySelector<HTMLInputElement>('input')?.focus(), []);

  const set = (field: 'appName' | 'storeUrl') => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (update.error) update.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateAppBodySchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (parsed.success && isStoreUrlOfOtherApp(parsed.data.storeUrl, app.bundleId)) found.storeUrl = STORE_URL_OF_OTHER_APP_MESSAGE;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(form.current, found);
      return;
    }
    update.mutate(
      { appId: app._id, body: values },
      {
        onSuccess: onDone,
        onError: (error) => {
          const named = serverFieldError(error);
          if (!named) return;
          setErrors(named);
          focusFirstError(form.current, named);
        },
      },
    );
  };

  return (
    <form ref={form} className="licence-app-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h4 id={headingId} className="h6 mb-2">
        Edit {app.appName} <span className="text-secondary small fw-normal">({app.bundleId})</span>
      </h4>
      <AppFieldInput field="appName" label="App name" value={values.appName} onChange={set('appName')} error={errors.appName} required />
      <AppFieldInput
        field="storeUrl"
        label="Store address (optional)"
        value={values.storeUrl}
        onChange={set('storeUrl')}
        error={errors.storeUrl}
      />
      <div className="d-flex gap-2">
        <SubmitButton pending={update.isPending} className="btn-sm">
          Save
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
      </div>
      <FormError message={update.error && !serverFieldError(update.error) ? update.error.message : null} className="mt-2 mb-0 small" />
    </form>
  );
}
