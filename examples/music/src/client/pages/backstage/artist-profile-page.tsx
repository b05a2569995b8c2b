import { requiredRule, useAuthForm } from '@backline/auth';
import { useHttp } from '@backline/core/react';
import { Button, Form, Link, NotFoundPage, Skeleton, TextField, toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { type Artist, backstage } from '../../../contract';
import { useDocumentTitle } from '../../music/use-document-title';
import { BACKSTAGE_QUERY_KEY } from './backstage-home-page';
import { ImageField } from './image-field';
import { LINK_FIELDS, type LinkRow, LinksField, linkErrorsOf, linksBody } from './links-field';
import './backstage.css';

const FIELDS = ['name', 'bio', 'image_id', 'genres', ...LINK_FIELDS] as const;

/**
 * Backstage › Artist profile (`/backstage/artists/{id}`): the linked user edits the artist's name, bio, image,
 * links and genres; everyone else gets the 404 page (the server answers them 403).
 */
export function ArtistProfilePage() {
  const { t } = useTranslation();
  const http = useHttp();
  const id = Number(useParams().artistId);
  const artist = useQuery({
    queryKey: ['backstage', 'artist', id],
    queryFn: ({ signal }) => http.call(backstage.showArtist, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  useDocumentTitle(artist.data?.artist.name ?? t('Artist profile'));
  if (!Number.isInteger(id) || id < 1 || artist.isError) return <NotFoundPage />;
  if (!artist.data)
    return (
      <main className="backstage">
        <h1 className="backstage__title">{t('Artist profile')}</h1>
        <Skeleton className="backstage__skeleton" />
      </main>
    );
  return <ArtistProfileForm artist={artist.data.artist} />;
}

function ArtistProfileForm({ artist }: { artist: Artist }) {
  const { t } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const form = useAuthForm(FIELDS);
  const [name, setName] = useState(artist.name);
  const [bio, setBio] = useState(artist.bio ?? '');
  const [genres, setGenres] = useState(artist.genres.map((genre) => genre.display_name).join(', '));
  const [links, setLinks] = useState<LinkRow[]>(artist.links.map((link) => ({ ...link })));
  const [image, setImage] = useState<{ id: number; url: string } | null>(null);
  const onImage = useCallback((upload: { id: number; url: string }) => setImage(upload), []);
  useEffect(() => setName(artist.name), [artist.name]);
  const save = useMutation({
    mutationFn: (body: backstage.ArtistProfileBody) =>
      http.call(backstage.updateArtist, { params: { id: artist.id }, body }),
    onSuccess: (data) => {
      queryClient.setQueryData(['backstage', 'artist', artist.id], data);
      void queryClient.invalidateQueries({ queryKey: BACKSTAGE_QUERY_KEY });
      toast.positive(t('Artist profile saved'));
    },
  });
  const problems = { name: requiredRule(name) };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    save.mutate(
      {
        name,
        bio,
        links: linksBody(links),
        genres: genres
          .split(',')
          .map((genre) => genre.trim())
          .filter(Boolean),
        ...(image && { image_id: image.id }),
      },
      { onError: form.report },
    );
  };
  const linkErrors = linkErrorsOf((field) => form.errorFor(field as (typeof FIELDS)[number]));
  return (
    <main className="backstage">
      <h1 className="backstage__title">{t('Artist profile')}</h1>
      <p className="backstage__lead">
        <Link href={artist.path}>{t('View public page')}</Link>
      </p>
      <Form
        className="backstage__form"
        validationBehavior="aria"
        validationErrors={form.validationErrors}
        onSubmit={onSubmit}
      >
        <TextField
          name="name"
          label={t('Name')}
          value={name}
          onChange={form.edit(setName)}
          isRequired
          errorMessage={form.errorFor('name', problems.name)}
        />
        <TextField
          name="bio"
          label={t('Biography')}
          multiline
          rows={6}
          value={bio}
          onChange={form.edit(setBio)}
          errorMessage={form.errorFor('bio')}
        />
        <TextField
          name="genres"
          label={t('Genres')}
          description={t('Separate genres with commas.')}
          value={genres}
          onChange={form.edit(setGenres)}
          errorMessage={form.errorFor('genres')}
        />
        <LinksField links={links} onChange={form.edit(setLinks)} errors={linkErrors} />
        <ImageField label={t('Image')} preview={image?.url ?? artist.image_large} onChange={onImage} />
        {form.errorFor('image_id') ? (
          <p className="backstage__error" role="alert">
            {form.errorFor('image_id')}
          </p>
        ) : null}
        <Button type="submit" size="lg" isPending={save.isPending}>
          {t('Save')}
        </Button>
      </Form>
    </main>
  );
}
