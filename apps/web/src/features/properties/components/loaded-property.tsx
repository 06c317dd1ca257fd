import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import { isMissingProperty, useProperty } from '../api/get-property';

/** 'Property Not Found' for a listing that is missing or that this visitor may not see. */
function PropertyNotFound({ text }: { text: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-teal-900">{PROPERTY_MESSAGES.notFound}</h1>
      <p className="mt-3 text-stone-700">{text}</p>
      <Link to={paths.allProperties} className={buttonStyles({ size: 'lg', className: 'mt-8' })}>
        Browse Properties
      </Link>
    </div>
  );
}

type LoadedPropertyProps = {
  id: string;
  /** What 'Property Not Found' says under its title, for the page the visitor wanted. */
  notFoundText?: string;
  /** The page, once the listing has arrived. */
  children: (property: Property) => ReactNode;
};

/**
 * A page about one listing: a spinner while it loads, 'Property Not Found' when it is missing or
 * hidden from this visitor, a retry when it failed, else the page itself.
 */
export function LoadedProperty({
  id,
  notFoundText = "This listing doesn't exist, or it is no longer available.",
  children,
}: LoadedPropertyProps) {
  const result = useProperty(id);

  if (result.isPending) return <PageSpinner label="Loading property" />;
  if (result.isError) {
    if (isMissingProperty(result.error)) return <PropertyNotFound text={notFoundText} />;
    return (
      <ErrorState
        title="We couldn't load this property"
        error={result.error}
        message="Something went wrong on our side. Please try again."
        onRetry={() => result.refetch()}
        retrying={result.isFetching}
      />
    );
  }
  return children(result.data);
}
