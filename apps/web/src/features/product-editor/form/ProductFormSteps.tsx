import { CATEGORIES, LANGUAGES, PRODUCT_TYPES, SUB_CATEGORIES, type LanguageCode } from '@market/contracts';
import { FileInput, RichTextInput, SelectInput, TextInput } from './fields';
import { fieldId, IMAGE_ACCEPT } from './productFormValues';
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
  const { values } = form;
  const languagesError = form.errors.languages;
  const languagesId = fieldId(form.prefix, 'languages');
  return (
    <>
      <fieldset
        className="mb-3"
        id={languagesId}
        tabIndex={-1}
        aria-describedby={languagesError ? `${languagesId}-error` : undefined}
      >
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
                  checked={values.languages.includes(code)}
                  onChange={(event) => form.toggleLanguage(code, event.target.checked)}
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

      {values.languages.map((code) => {
        const language = languageLabel(code);
        return (
          <fieldset className="product-form-language mb-3" key={code}>
            <legend className="fs-6 fw-semibold">{language}</legend>
            <TextInput
              form={form}
              name={`title.${code}`}
              label={`Title (${language})`}
              value={values.title[code] ?? ''}
              onChange={(value) => form.setLanguageText('title', code, value)}
            />
            <RichTextInput
              form={form}
              name={`description.${code}`}
              label={`Description (${language})`}
              defaultValue={values.description[code] ?? ''}
              onChange={(html) => form.setLanguageText('description', code, html)}
            />
            <TextInput
              form={form}
              name={`keywords.${code}`}
              label={`Keywords (${language})`}
              help="Separate keywords with commas."
              value={values.keywords[code] ?? ''}
              onChange={(value) => form.setLanguageText('keywords', code, value)}
            />
          </fieldset>
        );
      })}

      <div className="row">
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="type"
          label="Type"
          placeholder="Select type"
          options={PRODUCT_TYPES}
          value={values.text.type}
          onChange={(value) => form.setText('type', value)}
        />
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="category"
          label="Category"
          placeholder="Select category"
          options={CATEGORIES}
          value={values.text.category}
          onChange={(value) => form.setText('category', value)}
        />
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="subCategory"
          label="Sub Category"
          placeholder="Select sub category"
          options={SUB_CATEGORIES}
          value={values.text.subCategory}
          onChange={(value) => form.setText('subCategory', value)}
        />
        <SelectInput
          form={form}
          className="col-12 col-md-6"
          name="frameWork"
          label="Framework"
          placeholder="Select framework"
          options={form.frameworks}
          value={values.text.frameWork}
          onChange={(value) => form.setText('frameWork', value)}
        />
      </div>
      <RichTextInput
        form={form}
        name="features"
        label="Features"
        defaultValue={values.text.features}
        onChange={(html) => form.setText('features', html)}
      />
      <div className="row">
        <div className="col-12 col-md-6">
          <CurrentImages urls={form.currentImages ? [form.currentImages.featureImg] : undefined} label="Current feature image" />
          <FileInput
            form={form}
            name="featureImg"
            label="Feature Image"
            accept={IMAGE_ACCEPT}
            help={form.mode === 'edit' ? KEEP_CURRENT : 'PNG, JPEG, WebP or GIF.'}
            chosen={values.files.featureImg ? [values.files.featureImg] : []}
            onFiles={(files) => form.setFile('featureImg', files[0] ?? null)}
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
            chosen={values.files.thumbnail ? [values.files.thumbnail] : []}
            onFiles={(files) => form.setFile('thumbnail', files[0] ?? null)}
          />
        </div>
      </div>
    </>
  );
}

/** Step 2: screenshots, links, the product file and the single-app price. */
export function StepTwoFields({ form }: StepProps) {
  const { values } = form;
  return (
    <>
      <CurrentImages urls={form.currentImages?.screenshots} label="Current screenshots" />
      <FileInput
        form={form}
        name="screenshots"
        label="Screenshots"
        accept={IMAGE_ACCEPT}
        multiple
        help={form.mode === 'edit' ? 'Leave empty to keep the current screenshots; new ones replace them all.' : 'You can choose several images.'}
        chosen={values.screenshots}
        onFiles={(files) => form.setScreenshots(files)}
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
          value={values.text.youtubeLink}
          onChange={(value) => form.setText('youtubeLink', value)}
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="googlePlayLink"
          label="Google Play Link"
          type="url"
          inputMode="url"
          placeholder="https://play.google.com/…"
          value={values.text.googlePlayLink}
          onChange={(value) => form.setText('googlePlayLink', value)}
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="appStoreLink"
          label="App Store Link"
          type="url"
          inputMode="url"
          placeholder="https://apps.apple.com/…"
          value={values.text.appStoreLink}
          onChange={(value) => form.setText('appStoreLink', value)}
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="livePreview"
          label="Live Preview"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={values.text.livePreview}
          onChange={(value) => form.setText('livePreview', value)}
        />
      </div>
      <FileInput
        form={form}
        name="sourceCode"
        label="Product File"
        accept=".zip,application/zip"
        help={form.mode === 'edit' ? KEEP_CURRENT : 'The source code as one .zip archive.'}
        chosen={values.files.sourceCode ? [values.files.sourceCode] : []}
        onFiles={(files) => form.setFile('sourceCode', files[0] ?? null)}
      />
      <TextInput
        form={form}
        name="singleAppLicense"
        label="Single App License (USD)"
        type="number"
        inputMode="decimal"
        step="0.01"
        value={values.text.singleAppLicense}
        onChange={(value) => form.setText('singleAppLicense', value)}
      />
    </>
  );
}

/** Step 3: multi-app price, author, development hours and the reskin offer. */
export function StepThreeFields({ form }: StepProps) {
  const { values } = form;
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
          value={values.text.multiAppLicense}
          onChange={(value) => form.setText('multiAppLicense', value)}
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="authorName"
          label="Author Studio Name"
          value={values.text.authorName}
          onChange={(value) => form.setText('authorName', value)}
        />
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="developmentHours"
          label="Development Hours"
          type="number"
          inputMode="numeric"
          step="1"
          value={values.text.developmentHours}
          onChange={(value) => form.setText('developmentHours', value)}
        />
      </div>
      <RichTextInput
        form={form}
        name="reskinFeatures"
        label="Reskin Features"
        defaultValue={values.text.reskinFeatures}
        onChange={(html) => form.setText('reskinFeatures', html)}
      />
      <div className="row">
        <TextInput
          form={form}
          className="col-12 col-md-6"
          name="reskinPrice"
          label="Reskin Price (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          value={values.text.reskinPrice}
          onChange={(value) => form.setText('reskinPrice', value)}
        />
      </div>
    </>
  );
}
