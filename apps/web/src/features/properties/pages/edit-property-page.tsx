import { Navigate, useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useSignedInUser } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { paths } from '@/lib/paths';
import type { User } from '@/lib/user';
import { CorrectionNote } from '../components/correction-note';
import { EditPropertyForm } from '../components/edit-property-form';
import { LoadedProperty } from '../components/loaded-property';

/** Its agent or an admin may edit a listing; anyone else is sent away before filling in a form. */
const mayEdit = (user: User, property: Property) =>
  user.role === 'admin' || (user.role === 'agent' && user.uid === property.creatorUID);

export function EditPropertyPage() {
  const { id = '' } = useParams();
  const user = useSignedInUser();

  return (
    <LoadedProperty id={id}>
      {(property) =>
        mayEdit(user, property) ? (
          <ContentLayout heading="Edit Property">
            <p className="mt-2 text-lg text-stone-700">{property.title}</p>
            {property.correctionNote && (
              <CorrectionNote className="mt-4" note={property.correctionNote} />
            )}
            <EditPropertyForm property={property} />
          </ContentLayout>
        ) : (
          <Navigate to={paths.forbidden} replace />
        )
      }
    </LoadedProperty>
  );
}
