// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Carousel } from './Carousel';

const cards = (count: number) => Array.from({ length: count }, (_, index) => <p key={index}>Card {index + 1}</p>);
const drawnSlides = (container: HTMLElement) => container.querySelectorAll('.shelf-slide').length;

describe('Carousel', () => {
  afterEach(cleanup);

  it('draws a full view and the next card until the shelf moves', () => {
    const { container } = render(<Carousel label="Trending">{cards(20)}</Carousel>);
    expect(drawnSlides(container)).toBe(6);
    expect(screen.queryByText('Card 7')).toBeNull();
  });

  it('draws every card on the first step, before measuring where the step ends', () => {
    const { container } = render(<Carousel label="Trending">{cards(20)}</Carousel>);
    fireEvent.click(screen.getByRole('button', { name: 'Next: Trending' }));
    expect(drawnSlides(container)).toBe(20);
  });

  it('draws every card when the reader scrolls the shelf', async () => {
    const { container } = render(<Carousel label="Trending">{cards(20)}</Carousel>);
    await act(async () => {
      fireEvent.scroll(container.querySelector('.shelf-track')!);
    });
    expect(drawnSlides(container)).toBe(20);
    expect(screen.getByText('Card 20')).toBeTruthy();
  });
});
