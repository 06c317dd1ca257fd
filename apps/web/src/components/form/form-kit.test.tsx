import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppForm, FormAlert } from './app-form';
import { Choice, NumberField, RadioGroup, SelectField, TextareaField, TextField } from './fields';
import { SubmitButton } from './submit-button';

describe('the form kit', () => {
  it('names a field by its label and describes it by its hint and its error', () => {
    render(<TextField label="Email" hint="We never share it" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Email is required');
  });

  it('leaves a field without an error valid and undescribed', () => {
    render(<SelectField label="Type" name="type" />);
    const select = screen.getByLabelText('Type');
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).not.toHaveAttribute('aria-describedby');
    expect(select).toHaveAttribute('name', 'type');
  });

  it('gives a whole-number field the numeric keypad and a decimal one the decimal keypad', () => {
    render(
      <>
        <NumberField label="Bedrooms" step={1} />
        <NumberField label="Bathrooms" step={0.5} />
      </>,
    );
    const bedrooms = screen.getByLabelText('Bedrooms');
    expect(bedrooms).toHaveAttribute('type', 'number');
    expect(bedrooms).toHaveAttribute('inputmode', 'numeric');
    expect(bedrooms).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Bathrooms')).toHaveAttribute('inputmode', 'decimal');
  });

  it('counts the characters of a text area as its hint', () => {
    render(
      <TextareaField
        label="Note"
        value="Hello"
        onChange={() => {}}
        counter={(length) => `${length} of 1,000 characters`}
      />,
    );
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('5 of 1,000 characters');
  });

  it('labels a choice by its words, before or after the control', () => {
    render(
      <>
        <Choice type="radio" name="reason" value="spam">
          Spam
        </Choice>
        <Choice type="checkbox" name="offer" labelFirst>
          Offers
        </Choice>
      </>,
    );
    expect(screen.getByRole('radio', { name: 'Spam' })).toHaveAttribute('value', 'spam');
    expect(screen.getByRole('checkbox', { name: 'Offers' })).toHaveAttribute('name', 'offer');
  });

  it('names a radio group by its legend and wires its message to the group and every option', () => {
    const labels = { spam: 'Spam', fraud: 'Fraud' } as const;
    render(
      <RadioGroup
        legend="Reason"
        name="reason"
        options={['spam', 'fraud'] as const}
        labels={labels}
        value="fraud"
        onChange={() => {}}
        error="Please choose a reason"
      />,
    );
    const group = screen.getByRole('group', { name: 'Reason' });
    expect(group).toHaveAccessibleDescription('Please choose a reason');
    const spam = screen.getByRole('radio', { name: 'Spam' });
    expect(spam).toHaveAttribute('aria-invalid', 'true');
    expect(spam).toHaveAccessibleDescription('Please choose a reason');
    expect(spam).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fraud' })).toBeChecked();
  });

  it('posts a form to its own page, checked by the app, and marks one only the app sends', () => {
    render(
      <MemoryRouter initialEntries={['/listing?tab=offers']}>
        <AppForm aria-label="Plain" />
        <AppForm aria-label="App only" appOnly />
        <AppForm aria-label="Elsewhere" action="/login" />
      </MemoryRouter>,
    );
    const plain = screen.getByRole('form', { name: 'Plain' });
    expect(plain).toHaveAttribute('method', 'post');
    expect(plain).toHaveAttribute('action', '/listing?tab=offers');
    expect(plain).toHaveAttribute('novalidate');
    expect(plain).not.toHaveAttribute('data-app-form');
    expect(screen.getByRole('form', { name: 'App only' })).toHaveAttribute('data-app-form', '');
    expect(screen.getByRole('form', { name: 'Elsewhere' })).toHaveAttribute('action', '/login');
  });

  it('says a form is being sent on its submit button', () => {
    const { rerender } = render(
      <SubmitButton busy={false} busyLabel="Submitting...">
        Submit Review
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Submit Review' })).toHaveAttribute('type', 'submit');
    rerender(
      <SubmitButton busy busyLabel="Submitting...">
        Submit Review
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeInTheDocument();
  });

  it('announces a failure of the whole form with its title', () => {
    render(<FormAlert title="Registration Error">Email taken</FormAlert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Registration ErrorEmail taken');
  });
});
