import type { Section } from '@daywise/shared/schemas';
import { ArrowDown, ArrowUp, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';

import { IconButton } from '../../components/button';
import { menuContentClass, menuItemClass } from '../../components/menu';

interface SectionMenuProps {
  section: Section;
  onRename: () => void;
  /** Absent for the first section. */
  onMoveUp: (() => void) | undefined;
  /** Absent for the last section. */
  onMoveDown: (() => void) | undefined;
  onDelete: () => void;
}

/**
 * A section heading's actions: Rename, Move up, Move down (the keyboard's way to reorder what a
 * drag reorders) and Delete. Drawn in place, inside the page's landmarks, as Move to… is.
 */
export function SectionMenu({
  section,
  onRename,
  onMoveUp,
  onMoveDown,
  onDelete,
}: SectionMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={`Actions for section "${section.name}"`} tone="row">
          <MoreHorizontal aria-hidden className="size-4" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
        <DropdownMenu.Item className={menuItemClass} onSelect={onRename}>
          <Pencil aria-hidden className="size-4" />
          Rename
        </DropdownMenu.Item>
        <DropdownMenu.Item disabled={!onMoveUp} className={menuItemClass} onSelect={onMoveUp}>
          <ArrowUp aria-hidden className="size-4" />
          Move up
        </DropdownMenu.Item>
        <DropdownMenu.Item disabled={!onMoveDown} className={menuItemClass} onSelect={onMoveDown}>
          <ArrowDown aria-hidden className="size-4" />
          Move down
        </DropdownMenu.Item>
        <DropdownMenu.Item className={menuItemClass} onSelect={onDelete}>
          <Trash2 aria-hidden className="size-4" />
          Delete
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
