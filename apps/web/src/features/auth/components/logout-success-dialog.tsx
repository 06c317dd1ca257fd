import { MESSAGES } from '@keyhaven/shared/texts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';

type LogoutSuccessDialogProps = {
  open: boolean;
  onClose: () => void;
};

export function LogoutSuccessDialog({ open, onClose }: LogoutSuccessDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent aria-describedby={undefined} className="text-center">
        <DialogTitle>{MESSAGES.logoutSuccess}</DialogTitle>
        <DialogClose asChild>
          <Button className="mt-6 w-24">OK</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
