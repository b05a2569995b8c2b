import { useDeferredValue, useState } from 'react';
import {
  ComboBox,
  Header,
  Input,
  type Key,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Suggestion } from '../../../contract/routes/search';
import { useSuggestions } from '../api';
import { SearchIcon } from '../icons';

const GROUPS = ['artist', 'album', 'track', 'user'] as const;

/** The search page of a text: `/search/{text}`. */
export function searchPath(text: string): string {
  return `/search/${encodeURIComponent(text.trim())}`;
}

/**
 * The top search box: suggestions (artists, albums, tracks, listeners) as the listener types, each a link
 * to its page; Enter without a highlighted suggestion opens the full search page for the text.
 */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const suggestions = useSuggestions(query);
  const items = query ? (suggestions.data?.suggestions ?? []) : [];
  const groupLabels = { artist: t('Artists'), album: t('Albums'), track: t('Tracks'), user: t('Users') };
  const go = (path: string) => {
    navigate(path);
    onNavigate?.();
  };
  return (
    <ComboBox
      aria-label={t('Search')}
      className="music-search"
      inputValue={text}
      onInputChange={setText}
      allowsCustomValue
      menuTrigger="input"
      // The server already matched (typos included); the box must not filter its answer again. The
      // suggestions arrive after the text changed, so the list opens at once and fills when they come.
      defaultFilter={() => true}
      allowsEmptyCollection
      selectedKey={null}
      onSelectionChange={(key: Key | null) => {
        const item = items.find((suggestion) => suggestionKey(suggestion) === key);
        if (item) {
          setText('');
          go(item.path);
        }
      }}
    >
      <div className="music-search__field">
        <SearchIcon size={18} className="music-search__icon" />
        <Input
          className="music-search__input"
          placeholder={t('Search artists, albums and tracks')}
          onKeyDown={(event) => {
            // A highlighted suggestion is chosen by the combo box itself; otherwise Enter searches the text.
            if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
            if (text.trim()) {
              event.preventDefault();
              go(searchPath(text));
            }
          }}
        />
      </div>
      <Popover className="music-search__popover" placement="bottom start" offset={6}>
        <ListBox
          className="music-search__list"
          aria-label={t('Search suggestions')}
          renderEmptyState={() => (
            <p className="music-search__empty">
              {suggestions.isFetching || !query ? t('Loading...') : t('No results for “:query”', { query })}
            </p>
          )}
        >
          {GROUPS.map((group) => {
            const groupItems = items.filter((item) => item.model_type === group);
            if (groupItems.length === 0) return null;
            return (
              <ListBoxSection key={group} className="music-search__group">
                <Header className="music-search__group-title">{groupLabels[group]}</Header>
                {groupItems.map((item) => (
                  <ListBoxItem
                    key={suggestionKey(item)}
                    id={suggestionKey(item)}
                    textValue={item.name}
                    className="music-search__item"
                  >
                    {item.image ? (
                      <img
                        src={item.image}
                        alt=""
                        className="music-search__image"
                        data-round={item.model_type === 'artist' || item.model_type === 'user' || undefined}
                      />
                    ) : (
                      <span className="music-search__image" aria-hidden="true" />
                    )}
                    <span className="music-search__text">
                      <span className="music-search__name">{item.name}</span>
                      {item.description ? (
                        <span className="music-search__description">{item.description}</span>
                      ) : null}
                    </span>
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            );
          })}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

const suggestionKey = (item: Suggestion) => `${item.model_type}-${item.id}`;
