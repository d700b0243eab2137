const SITE_NAME = 'Source Code Marketplace';

/** React 19 hoists <title> and <meta> into the document head. */
export function PageHead({ title, description }: { title?: string; description?: string }) {
  return (
    <>
      <title>{title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} – Games and App Source Code`}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
