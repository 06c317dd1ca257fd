import { Navigate, useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/features/auth/api/get-session';
import { paths } from '@/lib/paths';
import { isMissingProperty, useProperty } from '../api/get-property';
import { EditPropertyForm } from '../components/edit-property-form';
import { PropertyNotFound } from './property-details-page';

export function EditPropertyPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const result = useProperty(id);

  if (result.isPending) return <PageSpinner label="Loading property" />;
  if (result.isError) {
    if (isMissingProperty(result.error)) return <PropertyNotFound />;
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

  const property = result.data;
  // Its agent or an admin may edit a listing; anyone else is sent away before filling in a form.
  const mayEdit =
    user.role === 'admin' || (user.role === 'agent' && user.uid === property.creatorUID);
  if (!mayEdit) return <Navigate to={paths.forbidden} replace />;

  return (
    <ContentLayout heading="Edit Property">
      <p className="mt-2 text-lg text-stone-700">{property.title}</p>
      <EditPropertyForm property={property} />
    </ContentLayout>
  );
}
