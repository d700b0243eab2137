import { useFormState, useWatch } from 'react-hook-form';
import { CATEGORIES, LANGUAGE_CODES, LANGUAGES, PRODUCT_TYPES, SUB_CATEGORIES, type LanguageCode } from '@market/contracts';
import { FileInput, RichTextInput, SelectInput, TextInput } from './fields';
import { fieldId, firstMessage, IMAGE_ACCEPT } from './productFormValues';
import type { ProductFormController } from './useProductForm';

interface StepProps {
  form: ProductFormController;
}

const KEEP_CURRENT = 'Leave empty to keep the current file.';

function languageLabel(code: LanguageCode): string {
  return LANGUAGES.find((language) => language.code === code)?.label ?? code;
}

function CurrentImages({ urls, label }: { urls: readonly string[] | undefined; label: string }) {
  if (!urls || urls.length === 0) return null;
  return (
    <div className="product-form-current mb-2">
      {urls.map((url, index) => (
        <img key={url} src={url} alt={urls.length > 1 ? `${label} ${index + 1}` : label} loading="lazy" />
      ))}
    </div>
  );
}

/** Step 1: languages with their title, description and keywords, then the first 7 fields. */
export function StepOneFields({ form }: StepProps) {
  const { control, setValue, clearErrors, trigger, getFieldState } = form.form;
  const languages = useWatch({ control, name: 'languages' });
  const languagesError = firstMessage(useFormState({ control, name: 'languages' }).errors.languages);
  const languagesId = fieldId(form.prefix, 'languages');

  function toggleLanguage(code: LanguageCode, ticked: boolean) {
    // Kept in docs/product-spec.md's language order, whatever order they are ticked in.
    const next = LANGUAGE_CODES.filter((language) => (language === code ? ticked : languages.includes(language)));
    setValue('languages', next, { shouldDirty: true });
    if (!ticked) clearErrors([`title.${code}`, `description.${code}`, `keywords.${code}`]);
    if (getFieldState('languages').error) void trigger('languages');
  }
  return (
    <>
      <fieldset className="mb-3" id={languagesId} tabIndex={-1} aria-describedby={languagesError ? `${languagesId}-error` : undefined}>
        <legend className="form-label fs-6">Languages</legend>
        <div className="product-form-languages">
          {LANGUAGES.map(({ code, label }) => {
            const id = `${form.prefix}-language-${code}`;
            return (
              <div className="form-check" key={code}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={id}
                  checked={languages.includes(code)}
                  onChange={(event) => toggleLanguage(code, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={id}>
                  {label}
                </label>
              </div>
            );
          })}
        </div>
        {languagesError && (
          <div id={`${languagesId}-error`} className="invalid-feedback d-block">
            {languagesError}
          </div>
        )}
      </fieldset>

      {languages.map((code) => {
        const language = languageLabel(code);
        return (
          <fieldset className="product-form-language mb-3" key={code}>
            <legend className="fs-6 fw-semibold">{language}</legend>
            <TextInput form={form} name={`title.${code}`} label={`Title (${language})`} />
            <RichTextInput form={form} name={`description.${code}`} label={`Description (${language})`} />
            <TextInput form={form} name={`keywords.${code}`} label={`Keywords (${language})`} help="Separate keywords with commas." />
          </fieldset>
        );
      })}

      <div className="row">
        <SelectInput form={form} className="col-12 col-md-6" name="type" label="Type" placeholder="Select type" options={PRODUCT_TYPES} />
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="category"
          label="Category"
          placeholder="Select category"
          options={CATEGORIES}
        />
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="subCategory"
          label="Sub Category"
          placeholder="Select sub category"
          options={SUB_CATEGORIES}
        />
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="frameWork"
          label="Framework"
          placeholder="Select framework"
          options={form.frameworks}
        />
      </div>
      <RichTextInput form={form} name="features" label="Features" />
      <div className="row">
        <div className="col-12 col-md-6">
          <CurrentImages urls={form.currentImages ? [form.currentImages.featureImg] : undefined} label="Current feature image" />
          <FileInput
            form={form}
            name="featureImg"
            label="Feature Image"
            accept={IMAGE_ACCEPT}
            help={form.mode === 'edit' ? KEEP_CURRENT : 'PNG, JPEG, WebP or GIF.'}
          />
        </div>
        <div className="col-12 col-md-6">
          <CurrentImages urls={form.currentImages ? [form.currentImages.thumbnail] : undefined} label="Current thumbnail" />
          <FileInput
            form={form}
            name="thumbnail"
            label="Thumbnail"
            accept={IMAGE_ACCEPT}
            help={form.mode === 'edit' ? KEEP_CURRENT : 'PNG, JPEG, WebP or GIF.'}
          />
        </div>
      </div>
    </>
  );
}

/** Step 2: screenshots, links, the product file and the single-app price. */
export function StepTwoFields({ form }: StepProps) {
  return (
    <>
      <CurrentImages urls={form.currentImages?.screenshots} label="Current screenshots" />
      <FileInput
        form={form}
        name="screenshots"
        label="Screenshots"
        accept={IMAGE_ACCEPT}
        multiple
        help={
          form.mode === 'edit'
            ? 'Leave empty to keep the current screenshots; new ones replace them all.'
            : 'You can choose several images.'
        }
      />
      <div className="row">
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="youtubeLink"
          label="YouTube Link"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="googlePlayLink"
          label="Google Play Link"
          type="url"
          inputMode="url"
          placeholder="https://play.google.com/…"
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="appStoreLink"
          label="App Store Link"
          type="url"
          inputMode="url"
          placeholder="https://apps.apple.com/…"
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="livePreview"
          label="Live Preview"
          type="url"
          inputMode="url"
          placeholder="https://…"
        />
      </div>
      {form.mode === 'edit' ? (
        // Buyers keep the bytes they were sold: a new archive is published as a new version.
        <p className="form-text mb-3">The product file is not changed by an edit: a new archive is published as a new version.</p>
      ) : (
        <div className="row">
          <FileInput
            form={form}
            className="col-12 col-md-8"
            name="sourceCode"
            label="Product File"
            accept=".zip,application/zip"
            help="The source code as one .zip archive."
          />
          <TextInput
            form={form}
            className="col-12 col-md-4"
            name="version"
            label="Version"
            placeholder="1.0.0"
            help="Leave empty for 1.0.0."
          />
        </div>
      )}
      <TextInput form={form} name="singleAppLicense" label="Single App License (USD)" type="number" inputMode="decimal" step="0.01" />
    </>
  );
}

/** Step 3: multi-app price, author, development hours and the reskin offer. */
export function StepThreeFields({ form }: StepProps) {
  return (
    <>
      <div className="row">
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="multiAppLicense"
          label="Multi App License (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
        />
        <TextInput form={form} className="col-12 col-md-6" name="authorName" label="Author Studio Name" />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="developmentHours"
          label="Development Hours"
          type="number"
          inputMode="numeric"
          step="1"
        />
      </div>
      <RichTextInput form={form} name="reskinFeatures" label="Reskin Features" />
      <div className="row">
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="reskinPrice"
          label="Reskin Price (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
        />
      </div>
    </>
  );
}
