import { MESSAGES } from '@keyhaven/shared/texts';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/lib/paths';

const { forbidden } = MESSAGES;

export function ForbiddenPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p className="text-8xl font-extrabold text-teal-700">403</p>
      <h1 className="mt-4 text-3xl font-bold text-teal-900">{forbidden.title}</h1>
      <p className="mt-3 text-stone-700">{forbidden.text}</p>
      <Link to={paths.home} className={buttonStyles({ size: 'lg', className: 'mt-8' })}>
        {forbidden.action}
      </Link>
    </div>
  );
}
