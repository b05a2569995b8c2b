import { requiredRule, useAuthForm } from '@backline/auth';
import { useHttp } from '@backline/core/react';
import { Button, ComboBox, Form, ListItem, Select, TextField, toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { backstage, catalogue } from '../../../contract';
import { useDocumentTitle } from '../../music/use-document-title';
import { BACKSTAGE_QUERY_KEY } from './backstage-home-page';
import { ImageField } from './image-field';
import { LINK_FIELDS, type LinkRow, LinksField, linkErrorsOf, linksBody } from './links-field';
import './backstage.css';

const FIELDS = ['type', 'artist_id', 'name', 'proof', 'image_id', ...LINK_FIELDS] as const;

/**
 * Backstage › Become an artist (`/backstage/requests/new`): create a new artist profile or claim an existing
 * one, with the name, links, a short proof note and an optional image. Admins are told; the answer shows on
 * the backstage home. A user has one open request at a time (the server says so otherwise).
 */
export function ArtistRequestPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Become an artist'));
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAuthForm(FIELDS);
  const [type, setType] = useState<'create' | 'claim'>('create');
  const [name, setName] = useState('');
  const [artistId, setArtistId] = useState<number | null>(null);
  const [proof, setProof] = useState('');
  const [links, setLinks] = useState<LinkRow[]>([{ url: '', title: '' }]);
  const [image, setImage] = useState<{ id: number; url: string } | null>(null);
  const onImage = useCallback((upload: { id: number; url: string }) => setImage(upload), []);
  const artists = useQuery({
    queryKey: ['backstage', 'claimable', name],
    queryFn: ({ signal }) =>
      http.call(catalogue.listArtists, { query: { query: name, perPage: 10, orderBy: 'name' }, signal }),
    enabled: type === 'claim',
  });
  const send = useMutation({
    mutationFn: (body: backstage.ArtistRequestBody) => http.call(backstage.createRequest, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: BACKSTAGE_QUERY_KEY });
      toast.positive(t('Request sent. We will let you know when it is reviewed.'));
      navigate('/backstage');
    },
  });
  const problems = {
    name: requiredRule(name),
    proof: requiredRule(proof),
    artist_id: type === 'claim' && !artistId ? 'Choose the artist to claim.' : null,
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!form.check(event, problems)) return;
    send.mutate(
      {
        type,
        name,
        proof,
        artist_id: type === 'claim' ? artistId : null,
        links: linksBody(links),
        image_id: image?.id ?? null,
      },
      { onError: form.report },
    );
  };
  const linkErrors = linkErrorsOf((field) => form.errorFor(field as (typeof FIELDS)[number]));
  return (
    <main className="backstage">
      <h1 className="backstage__title">{t('Become an artist')}</h1>
      <p className="backstage__lead">
        {t('Tell us who you are. An admin checks your request and lets you know.')}
      </p>
      <Form
        className="backstage__form"
        validationBehavior="aria"
        validationErrors={form.validationErrors}
        onSubmit={onSubmit}
      >
        <Select
          label={t('What would you like to do?')}
          selectedKey={type}
          onSelectionChange={(key) => form.edit(setType)(key as 'create' | 'claim')}
        >
          <ListItem id="create">{t('Create a new artist')}</ListItem>
          <ListItem id="claim">{t('Claim an existing artist')}</ListItem>
        </Select>
        {type === 'claim' ? (
          <ComboBox
            name="artist_id"
            label={t('Artist')}
            inputValue={name}
            onInputChange={form.edit((value: string) => {
              setName(value);
              setArtistId(null);
            })}
            selectedKey={artistId}
            onSelectionChange={(key) => {
              const artist = artists.data?.pagination.data.find((a) => a.id === Number(key));
              setArtistId(artist ? artist.id : null);
              if (artist) setName(artist.name);
            }}
            items={artists.data?.pagination.data ?? []}
            isLoading={artists.isFetching}
            isRequired
            errorMessage={form.errorFor('artist_id', problems.artist_id)}
          >
            {(artist) => <ListItem id={artist.id}>{artist.name}</ListItem>}
          </ComboBox>
        ) : (
          <TextField
            name="name"
            label={t('Artist name')}
            value={name}
            onChange={form.edit(setName)}
            isRequired
            errorMessage={form.errorFor('name', problems.name)}
          />
        )}
        <TextField
          name="proof"
          label={t('Proof')}
          description={t('How can we tell this is you? A link to an official page, a label contact…')}
          multiline
          rows={4}
          value={proof}
          onChange={form.edit(setProof)}
          isRequired
          errorMessage={form.errorFor('proof', problems.proof)}
        />
        <LinksField links={links} onChange={form.edit(setLinks)} errors={linkErrors} />
        <ImageField label={t('Image (optional)')} preview={image?.url ?? null} onChange={onImage} />
        {form.errorFor('image_id') ? (
          <p className="backstage__error" role="alert">
            {form.errorFor('image_id')}
          </p>
        ) : null}
        <Button type="submit" size="lg" isPending={send.isPending}>
          {t('Send request')}
        </Button>
      </Form>
    </main>
  );
}
