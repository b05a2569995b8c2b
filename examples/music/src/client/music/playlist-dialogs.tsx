import { errorFeedback } from '@backline/core';
import { AlertDialog, Button, Dialog, Form, Switch, TextField, toast } from '@backline/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Playlist, Track } from '../../contract';
import {
  useAddToPlaylist,
  useCreatePlaylist,
  useDeletePlaylist,
  useUpdatePlaylist,
} from './playlist-actions';

export interface PlaylistFormDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** The playlist to edit; a new one is created without it. */
  playlist?: Playlist;
  /** Tracks to put in a new playlist right away ("Add to playlist › New playlist"). */
  withTracks?: Track[];
}

/**
 * Creates a playlist, or edits one's name, description and visibility. Server field errors land under
 * their fields; a new playlist opens on its page.
 */
export function PlaylistFormDialog({ isOpen, onOpenChange, playlist, withTracks }: PlaylistFormDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist(playlist?.id ?? 0);
  const add = useAddToPlaylist();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pending = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const details = {
      name: String(form.get('name') ?? ''),
      description: String(form.get('description') ?? ''),
      public: form.get('public') === 'on',
    };
    const onError = (error: unknown) => {
      const feedback = errorFeedback(error);
      setErrors(feedback.fieldErrors);
      if (feedback.toast) toast.danger(feedback.toast.message, { action: feedback.toast.action });
    };
    if (playlist) {
      update.mutate(details, {
        onSuccess: () => {
          onOpenChange(false);
          toast.positive(t('Playlist updated'));
        },
        onError,
      });
    } else {
      create.mutate(details, {
        onSuccess: ({ playlist: created }) => {
          onOpenChange(false);
          if (withTracks?.length) add.mutate({ playlistId: created.id, tracks: withTracks });
          else navigate(created.path);
        },
        onError,
      });
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setErrors({});
        onOpenChange(open);
      }}
      title={playlist ? t('Edit playlist') : t('New playlist')}
    >
      {(close) => (
        <Form onSubmit={onSubmit} validationErrors={errors} className="music-playlist-form">
          <TextField
            name="name"
            label={t('Name')}
            defaultValue={playlist?.name ?? ''}
            isRequired
            maxLength={100}
            autoFocus
            errorMessage={errors.name}
          />
          <TextField
            name="description"
            label={t('Description')}
            defaultValue={playlist?.description ?? ''}
            multiline
            rows={3}
            maxLength={1000}
            errorMessage={errors.description}
          />
          <Switch
            name="public"
            defaultSelected={playlist?.public ?? false}
            description={t('Anyone can find and listen to a public playlist.')}
          >
            {t('Public')}
          </Switch>
          <div className="music-dialog-buttons">
            <Button variant="text" onPress={close}>
              {t('Cancel')}
            </Button>
            <Button type="submit" isPending={pending}>
              {playlist ? t('Save') : t('Create')}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

/** Asks before deleting a playlist, then goes to the library's playlists. */
export function DeletePlaylistDialog({
  playlist,
  isOpen,
  onOpenChange,
}: {
  playlist: Playlist;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeletePlaylist(playlist.id);
  return (
    <AlertDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      variant="danger"
      title={t('Delete playlist')}
      confirmLabel={t('Delete')}
      isPending={remove.isPending}
      onConfirm={async () => {
        try {
          await remove.mutateAsync();
          navigate('/library/playlists');
          toast.positive(t('Playlist deleted'));
        } catch {
          toast.danger(t('There was an issue. Please try again later.'));
        }
      }}
    >
      {t('Are you sure you want to delete “:name”? This cannot be undone.', { name: playlist.name })}
    </AlertDialog>
  );
}
