import { Navigate, useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSignedInUser } from '@/hooks/use-session';
import { paths } from '@/lib/paths';
import { CorrectionNote } from '../components/correction-note';
import { EditPropertyForm } from '../components/edit-property-form';
import { LoadedProperty } from '../components/loaded-property';
import { mayEdit } from '../lib/may-edit';

export function EditPropertyPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const hydrated = useHydrated();

  return (
    <LoadedProperty id={id}>
      {(property) =>
        mayEdit(user, property) ? (
          <ContentLayout heading="Edit Property">
            <p className="mt-2 text-lg text-stone-700">{property.title}</p>
            {property.correctionNote && (
              <CorrectionNote className="mt-4" note={property.correctionNote} />
            )}
            {/* The form shows the photos' addresses as this browser reaches them: it is drawn here. */}
            {hydrated ? (
              <EditPropertyForm property={property} />
            ) : (
              <PageSpinner label="Loading the form…" />
            )}
          </ContentLayout>
        ) : (
          <Navigate to={paths.forbidden} replace />
        )
      }
    </LoadedProperty>
  );
}
