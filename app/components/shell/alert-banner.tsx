/** The configured alert banner (config alert-banner-is-display / alert-banner-message). */
export function AlertBanner({ message }: { message: string }) {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 px-5 py-2 text-sm text-amber-900 sm:px-10">
      {message}
    </div>
  );
}
