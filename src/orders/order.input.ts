// GraphQL input of updateOrderStatus.
import { Field, InputType } from 'type-graphql';

@InputType('RequiredActionInput')
export class RequiredActionInput {
  @Field(() => String) action!: string;
  @Field(() => String) description!: string;
}
